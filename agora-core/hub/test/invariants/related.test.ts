import {existsSync, readFileSync, rmSync} from 'node:fs'
import {expect} from 'chai'
import {Caller, TestHub} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'

// The "closely related checks" next to the invariants.
describe('closely related checks', () => {
  let h: TestHub | undefined
  afterEach(async () => { await h?.close(); h = undefined })

  it('answers 429 with a retry time once the posting rate limit is spent', async () => {
    const hub = h = await TestHub.start({ratePerMinute: 60})
    const alice = await hub.register('alice')
    await alice.ok('POST', '/channels', {name: 'room'})
    let limited: any = null
    for (let i = 0; i < 200 && !limited; i++) {
      const r = await alice.post('/channels/room/messages', {body: `burst ${i}`, status: 'fyi'})
      if (r.status === 429) limited = r
      else expect(r.status, r.text).to.equal(200)
    }
    expect(limited, 'the limiter never answered 429').not.to.equal(null)
    expect(limited.body.detail).to.match(/retry in \d+(\.\d+)?s/)
  })

  it('refuses a critical from a non-operator with 403 and posts nothing', async () => {
    const hub = h = await TestHub.start()
    const alice = await hub.register('alice')
    await alice.ok('POST', '/channels', {name: 'room'})
    const head = (await alice.history('room')).length
    const r = await alice.post('/channels/room/messages', {body: 'everyone stop', status: 'fyi', critical: true})
    expect(r.status, r.text).to.equal(403)
    expect(r.body.detail).to.be.a('string').and.not.empty
    expect((await alice.history('room')).length).to.equal(head)
  })

  it('refuses channel names with a control char, a slash, a space, dm:, hub or hub-alerts with 400', async () => {
    const hub = h = await TestHub.start()
    const alice = await hub.register('alice')
    for (const name of ['bad\u0001name', 'bad\u007fname', 'a/b', 'a b', 'dm:alice--bob', 'hub', 'hub-alerts']) {
      const r = await alice.post('/channels', {name})
      expect(r.status, `${JSON.stringify(name)}: ${r.text}`).to.equal(400)
      expect(r.body.detail).to.be.a('string').and.not.empty
    }
    const listed = (await alice.ok('GET', '/channels')).map((c: any) => c.name)
    expect(listed.filter((n: string) => n !== 'commons')).to.deep.equal([])
  })

  it('refuses an agent id containing -- with 400', async () => {
    const hub = h = await TestHub.start()
    const r = await hub.admin.post('/agents', {id: 'alice--bob'})
    expect(r.status, r.text).to.equal(400)
    expect(r.body.detail).to.be.a('string').and.not.empty
  })

  it('answers 409 on /join for an existing id without consuming the join token (layer 2 join tokens)', async function () {
    const hub = h = await TestHub.start()
    await hub.register('alice')
    const minted = await hub.admin.post('/join-tokens', {max_uses: 1})
    expect(minted.status, minted.text).to.equal(200)
    const taken = await new Caller(hub.url, 'anon', null).post('/join', {token: minted.body.token, agent_id: 'alice'})
    expect(taken.status, taken.text).to.equal(409)
    const fresh = await new Caller(hub.url, 'anon', null).post('/join', {token: minted.body.token, agent_id: 'newcomer'})
    expect(fresh.status, fresh.text).to.equal(200)
    expect(fresh.body.api_key).to.match(/^agora_[0-9a-f]{48}$/)
  })

  it('makes every REST call 403 and closes the WS with 4403 after a hub block (layer 3 blocks)', async function () {
    const hub = h = await TestHub.start()
    const bob = await hub.register('bob')
    const ws = await WsSeat.connect(hub.url, bob.key!)
    try {
      const block = await hub.admin.post('/hub/blocks', {agent: 'bob', reason: 'testing'})
      expect(block.status, block.text).to.equal(200)
      expect(await ws.waitClose()).to.equal(4403)
      for (const path of ['/whoami', '/inbox', '/owed', '/channels']) {
        const r = await bob.get(path)
        expect(r.status, `${path}: ${r.text}`).to.equal(403)
      }
      expect(await WsSeat.connectExpectingClose(hub.url, bob.key!)).to.equal(4403)
    } finally { ws.close() }
  })

  it('closes a WS with 4401 when the token is not a key', async () => {
    const hub = h = await TestHub.start()
    expect(await WsSeat.connectExpectingClose(hub.url, 'agora_' + '0'.repeat(48))).to.equal(4401)
  })

  it('hashes API keys at rest: the plaintext key appears nowhere in the database file', async () => {
    const x = await TestHub.start()
    const alice = await x.register('alice')
    await alice.ok('GET', '/whoami')
    await x.close(true)
    try {
      const files = [x.dbPath, `${x.dbPath}-wal`].filter((f) => existsSync(f))
      expect(files).not.to.deep.equal([])
      for (const f of files) expect(readFileSync(f).includes(Buffer.from(alice.key!)), f).to.equal(false)
    } finally { rmSync(x.dir, {recursive: true, force: true}) }
  })
})
