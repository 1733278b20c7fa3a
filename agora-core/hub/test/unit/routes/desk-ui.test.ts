import {expect} from 'chai'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import WebSocket from 'ws'
import type {Hub} from '../../../src/index.js'
import {call, scratchHub, seats} from '../helpers.js'
import {the} from '../../../../../test/helpers/present.js'

const DESK = {'x-agora-desk': '1'}

/** A built desk's three files, as `npm run build -w @agora/desk` writes them. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agora-desk-assets-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>desk</title>')
  writeFileSync(join(dir, 'app.js'), 'console.log(1)')
  writeFileSync(join(dir, 'app.css'), 'body{}')
  return dir
}

async function login(hub: Hub, bearer: string, seat?: string): Promise<string> {
  const minted = await call(hub, 'POST', '/ui/login-tokens', bearer, seat ? {seat} : {})
  expect(minted.status, minted.text).to.equal(200)
  const res = await fetch(`${hub.url}/ui/session`, {method: 'POST', headers: {...DESK, 'content-type': 'application/json'},
    body: JSON.stringify({token: minted.body.token})})
  expect(res.status).to.equal(200)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

function socket(hub: Hub, headers: Record<string, string>): Promise<{code: number | null; ws: WebSocket}> {
  return new Promise(done => {
    const ws = new WebSocket(hub.url.replace('http', 'ws') + '/ws', {headers})
    // A refused socket is accepted and then closed with its code; an accepted one answers a ping.
    ws.on('open', () => ws.send(JSON.stringify({type: 'ping'})))
    ws.on('message', () => done({code: null, ws}))
    ws.on('close', code => done({code, ws}))
    ws.on('error', () => done({code: -1, ws}))
  })
}

describe('routes/desk-ui: the desk page, its login exchange and cookie auth', () => {
  let hub: Hub
  let keys: Record<string, string>
  before(async () => {
    hub = await scratchHub({uiDir: fakeBuild()})
    keys = await seats(hub, 'alice', 'bob')
    await call(hub, 'PUT', '/agents/alice/role', hub.adminKey, {operator: true})
  })
  after(async () => hub.close())

  it('serves the page with a strict CSP and only its own files', async () => {
    const page = await fetch(`${hub.url}/ui/`)
    expect(page.status).to.equal(200)
    expect(page.headers.get('content-security-policy')).to.include("default-src 'none'").and.include("script-src 'self'")
      .and.include("frame-ancestors 'none'")
    expect(page.headers.get('x-content-type-options')).to.equal('nosniff')
    expect((await fetch(`${hub.url}/ui/app.js`)).headers.get('content-type')).to.include('text/javascript')
    expect((await fetch(`${hub.url}/ui/..%2Fpackage.json`)).status).to.equal(404)
    expect((await fetch(`${hub.url}/ui/secrets.txt`)).status).to.equal(404)
  })

  it('trades a one-time token for an HttpOnly SameSite=Strict cookie, once', async () => {
    const minted = await call(hub, 'POST', '/ui/login-tokens', keys.bob, {})
    expect(minted.body).to.include({seat: 'bob', admin: false})
    expect(minted.body.path).to.equal(`/ui/#login=${minted.body.token}`)
    const first = await fetch(`${hub.url}/ui/session`, {method: 'POST', headers: {...DESK, 'content-type': 'application/json'}, body: JSON.stringify({token: minted.body.token})})
    const cookie = first.headers.get('set-cookie')!
    expect(cookie).to.match(/^agora_desk=[0-9a-f]{64}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/)
    const again = await fetch(`${hub.url}/ui/session`, {method: 'POST', headers: {...DESK, 'content-type': 'application/json'}, body: JSON.stringify({token: minted.body.token})})
    expect(again.status).to.equal(401)
    expect(((await again.json()) as {detail: string}).detail).to.include('agora ui')
  })

  it('refuses a token the hub did not mint, and one past its two minutes', async () => {
    const bogus = await call(hub, 'POST', '/ui/session', undefined, {token: 'desk_' + '0'.repeat(48)}, DESK)
    expect(bogus.status).to.equal(401)
    let offset = 0
    const clocked = await scratchHub({now: () => Date.now() / 1000 + offset})
    try {
      const k = await seats(clocked, 'carol')
      const minted = await call(clocked, 'POST', '/ui/login-tokens', k.carol, {})
      offset = 121
      expect((await call(clocked, 'POST', '/ui/session', undefined, {token: minted.body.token}, DESK)).status).to.equal(401)
    } finally {
      await clocked.close()
    }
  })

  it('lets the admin key mint only for an operator seat, and a seat only for itself', async () => {
    expect((await call(hub, 'POST', '/ui/login-tokens', hub.adminKey, {seat: 'alice'})).body).to.include({seat: 'alice', admin: true})
    const plain = await call(hub, 'POST', '/ui/login-tokens', hub.adminKey, {seat: 'bob'})
    expect(plain.status).to.equal(403)
    expect(plain.body.detail).to.include('agora promote bob')
    expect((await call(hub, 'POST', '/ui/login-tokens', hub.adminKey, {})).status).to.equal(422)
    expect((await call(hub, 'POST', '/ui/login-tokens', keys.bob, {seat: 'alice'})).status).to.equal(403)
    expect((await call(hub, 'POST', '/ui/login-tokens', undefined, {})).status).to.equal(401)
  })

  it('acts as the session seat on the routes, and sees only what that seat may read', async () => {
    const cookie = await login(hub, the(keys, 'bob'))
    const who = await call(hub, 'GET', '/whoami', undefined, undefined, {cookie})
    expect(who.body).to.include({id: 'bob', operator: false})
    const pause = await call(hub, 'PUT', '/admin/pause', undefined, {}, {cookie, ...DESK})
    expect(pause.status).to.equal(403)
    expect(pause.body.detail).to.include('admin key')
  })

  it('gives an admin-minted operator session the admin routes (pause, resume)', async () => {
    const cookie = await login(hub, hub.adminKey, 'alice')
    const paused = await call(hub, 'PUT', '/admin/pause', undefined, {reason: 'desk test'}, {cookie, ...DESK})
    expect(paused.body).to.include({state: 'paused', by: 'alice'})
    expect((await call(hub, 'DELETE', '/admin/pause', undefined, undefined, {cookie, ...DESK})).body.state).to.equal('open')
  })

  it('refuses a cookie-authenticated write without the x-agora-desk header (CSRF), and changes nothing', async () => {
    const cookie = await login(hub, the(keys, 'bob'))
    const refused = await call(hub, 'PUT', '/me/about', undefined, {about: 'forged'}, {cookie})
    expect(refused.status).to.equal(403)
    expect(refused.body.detail).to.include('x-agora-desk')
    expect((await call(hub, 'GET', '/whoami', keys.bob)).body.about).to.not.equal('forged')
  })

  it('ends a session on DELETE /ui/session', async () => {
    const cookie = await login(hub, the(keys, 'bob'))
    expect((await call(hub, 'DELETE', '/ui/session', undefined, undefined, {cookie, ...DESK})).body).to.deep.equal({ended: true})
    const after = await call(hub, 'GET', '/whoami', undefined, undefined, {cookie})
    expect(after.status).to.equal(401)
    expect(after.body.detail).to.include('agora ui')
  })

  it('opens /ws with the cookie from the desk origin only', async () => {
    const cookie = await login(hub, the(keys, 'bob'))
    const host = new URL(hub.url).host
    const same = await socket(hub, {cookie, origin: `http://${host}`})
    expect(same.code).to.equal(null)
    same.ws.close()
    const foreign = await socket(hub, {cookie, origin: 'http://evil.example'})
    expect(foreign.code).to.equal(4403)
    const none = await socket(hub, {origin: `http://${host}`})
    expect(none.code).to.equal(4401)
  })
})
