import {expect} from 'chai'
import {parseJsonLossless, verifyLedger} from '@agora/protocol'
import type {LedgerReport} from '@agora/protocol'
import {type Caller, rawCall, TestHub} from '../../helpers/hub.js'
import {WsSeat} from '../../helpers/ws.js'
import {databaseDump} from '../../helpers/dump.js'
import {isPostgresTarget} from '../../helpers/db-read.js'
import {verifyIndependently} from '../../helpers/ledger.js'
import {JSON_DEPTH_MAX, SUBSCRIBE_CHANNELS_MAX} from '../../../src/limits.js'

const LONE = '\ud800'

/** `levels` nested objects around a leaf. */
function nest(levels: number, leaf: unknown = 'leaf'): unknown {
  let v: unknown = leaf
  for (let i = 0; i < levels; i++) v = {a: v}
  return v
}

describe('the text rule at the door', () => {
  let h: TestHub
  let alice: Caller
  let bob: Caller

  before(async function () {
    this.timeout(30000)
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
  })
  after(async () => { await h?.close() })

  /** The hub's own verdict and the client-side verifier, over the same served ledger. */
  async function ledgerAgrees(channel: string): Promise<{hub: boolean; client: boolean; independent: boolean; turns: number}> {
    const r = await rawCall(h.url, {method: 'GET', path: `/channels/${encodeURIComponent(channel)}/ledger?verify=true`, key: alice.key})
    expect(r.status).to.equal(200)
    const report = parseJsonLossless(r.text) as LedgerReport & {verified: boolean}
    return {hub: report.verified, client: verifyLedger(report).intact, independent: verifyIndependently(report).intact, turns: report.turns.length}
  }

  it('refuses a lone surrogate in every text-taking route with 422 naming the field, and writes nothing', async () => {
    const dumpBefore = await databaseDump(h.dbPath)
    const attempts: Array<[string, string, unknown, Array<string | number>]> = [
      ['POST', '/channels/room/messages', {body: `hello ${LONE}`}, ['body', 'body']],
      ['POST', '/channels/room/messages', {body: 'x', title: `t${LONE}`}, ['body', 'title']],
      ['POST', '/channels/room/messages', {body: 'x', data: {list: ['ok', {deep: LONE}]}}, ['body', 'data', 'list', 1, 'deep']],
      ['PUT', '/channels/room/store/k', {value: {v: [LONE]}}, ['body', 'value', 'v', 0]],
      ['PUT', '/channels/room/fs/a.md', {content: LONE}, ['body', 'content']],
      ['PUT', '/me/about', {about: LONE}, ['body', 'about']],
      ['POST', '/channels', {name: `c${LONE}`}, ['body', 'name']],
      ['POST', '/groups', {name: 'g', members: ['bob'], purpose: LONE}, ['body', 'purpose']],
    ]
    for (const [method, path, body, loc] of attempts) {
      const r = await rawCall(h.url, {method, path, key: alice.key, body})
      expect(r.status, `${method} ${path} ${r.text}`).to.equal(422)
      expect(r.body.detail[0].loc, path).to.deep.equal(loc)
      expect(r.body.detail[0].type).to.equal('unicode_invalid')
    }
    expect((await databaseDump(h.dbPath)).sha, 'a refused request wrote state').to.equal(dumpBefore.sha)
  })

  it('refuses invalid UTF-8 bytes in a body instead of replacing them', async () => {
    const rawBody = Buffer.concat([Buffer.from('{"body":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])
    const r = await rawCall(h.url, {method: 'POST', path: '/channels/room/messages', key: alice.key, rawBody})
    expect(r.status).to.equal(422)
    expect(r.body.detail[0]).to.include({type: 'unicode_invalid'})
    expect(r.body.detail[0].loc).to.deep.equal(['body'])
  })

  it('refuses a lone surrogate in a WS frame with a 422 error frame and posts nothing', async () => {
    const head = (await alice.history('room')).length
    const ws = await WsSeat.connect(h.url, bob.key as string)
    try {
      const reply = await ws.post('room', {body: `ws ${LONE}`, data: {k: 1}})
      expect(reply).to.include({type: 'error', status: 422})
      expect(reply.detail[0].loc).to.deep.equal(['frame', 'body'])
      const deep = await ws.post('room', {body: 'deep', data: nest(JSON_DEPTH_MAX)})
      expect(deep).to.include({type: 'error', status: 422})
      expect(deep.detail[0].type).to.equal('depth_limit')
    } finally { ws.close() }
    expect((await alice.history('room')).length).to.equal(head)
  })

  it(`refuses a subscribe frame naming more than ${SUBSCRIBE_CHANNELS_MAX} channels with 422`, async () => {
    const ws = await WsSeat.connect(h.url, bob.key as string)
    try {
      const from = ws.frames.length
      ws.send({type: 'subscribe', channels: Array.from({length: SUBSCRIBE_CHANNELS_MAX + 1}, () => 'room')})
      const reply = await ws.waitFor((f) => f.type === 'error' || f.type === 'subscribed', 5000, from)
      expect(reply).to.include({type: 'error', status: 422})
      expect(reply.detail[0].loc).to.deep.equal(['body', 'channels'])
    } finally { ws.close() }
  })

  it('refuses a NUL (%00) in the URL path or in a query value with 400 naming where, on SQLite and PostgreSQL alike (PostgreSQL answered 500)', async () => {
    const dumpBefore = await databaseDump(h.dbPath)
    const attempts: Array<[string, string, string]> = [
      ['GET', '/channels/room/messages/a%00b', 'the URL path'],
      ['GET', '/channels/room/store/k%00', 'the URL path'],
      ['POST', '/channels/room/messages/a%00/retract', 'the URL path'],
      ['DELETE', '/turn-tokens/%00', 'the URL path'],
      ['GET', '/channels/room/fs?prefix=a%00', "query parameter 'prefix'"],
      ['GET', '/search?q=a%00b', "query parameter 'q'"],
      ['GET', '/channels/room/reputation?target=%00', "query parameter 'target'"],
    ]
    for (const [method, path, where] of attempts) {
      const r = await rawCall(h.url, {method, path, key: alice.key})
      expect(r.status, `${method} ${path}: ${r.text}`).to.equal(400)
      expect(r.body.detail, path).to.equal(`${where} holds a NUL character (%00), which no name, id or value here contains; remove it`)
    }
    expect((await databaseDump(h.dbPath)).sha, 'a refused request wrote state').to.equal(dumpBefore.sha)
  })

  it('hashes exactly what it stores and serves: after text through every route the ledger verifies on the hub and client-side', async () => {
    // PostgreSQL text cannot hold a NUL: there it is a 400 (http/app.test.ts), so the rest of the text goes through alone.
    const text = `café cafe\u0301 😀 \u202e rtl \u200b zw${isPostgresTarget(h.dbPath) ? '' : ' \u0000 nul'}`
    const sent = await alice.postMessage('room', {body: text, title: `t ${text}`.slice(0, 100), data: {[text]: [text, {k: text}]}})
    await alice.ok('PUT', '/channels/room/store/notes', {value: {text}})
    await alice.ok('PUT', '/channels/room/fs/notes.md', {content: text, description: text})
    await alice.ok('PUT', '/me/about', {about: text.replace('\u0000', '')})
    const ws = await WsSeat.connect(h.url, bob.key as string)
    try {
      expect(await ws.post('room', {body: text, data: {t: text}})).to.include({type: 'posted'})
    } finally { ws.close() }
    const served = (await alice.history('room')).find((m) => m.id === sent.id)
    expect(served.body).to.equal(text)
    expect(served.data).to.deep.equal({[text]: [text, {k: text}]})
    for (const channel of ['room', 'commons']) {
      const verdict = await ledgerAgrees(channel)
      expect(verdict, channel).to.include({hub: true, client: true, independent: true})
    }
  })

  it(`accepts JSON nested ${JSON_DEPTH_MAX} levels, serves it back unchanged and verifies it; one more level is 422 naming the limit and the path`, async () => {
    const data = nest(JSON_DEPTH_MAX - 1, 2.5) // the request object itself is the first level
    const posted = await alice.postMessage('room', {body: 'deep', data})
    const [got] = await alice.ok('GET', `/channels/room/messages/${posted.id}`)
    expect(got.data).to.deep.equal(data)
    await alice.ok('PUT', '/channels/room/store/deep', {value: nest(JSON_DEPTH_MAX - 1)})
    expect((await alice.ok('GET', '/channels/room/store/deep')).value).to.deep.equal(nest(JSON_DEPTH_MAX - 1))
    expect(await ledgerAgrees('room')).to.include({hub: true, client: true, independent: true})

    const r = await rawCall(h.url, {method: 'POST', path: '/channels/room/messages', key: alice.key, body: {body: 'deeper', data: nest(JSON_DEPTH_MAX)}})
    expect(r.status).to.equal(422)
    const [v] = r.body.detail
    expect(v.type).to.equal('depth_limit')
    expect(v.msg).to.contain(String(JSON_DEPTH_MAX))
    expect(v.loc).to.deep.equal(['body', 'data', ...Array.from({length: JSON_DEPTH_MAX - 1}, () => 'a')])
    const ws = await WsSeat.connect(h.url, bob.key as string)
    try {
      expect(await ws.post('room', {body: 'deep by ws', data: nest(JSON_DEPTH_MAX - 1)})).to.include({type: 'posted'})
    } finally { ws.close() }
  })

  it('answers 3,000- and 10,000-deep bodies with 422, not 500', async () => {
    for (const depth of [3000, 10000]) {
      const r = await rawCall(h.url, {method: 'POST', path: '/channels/room/messages', key: alice.key, rawBody: `{"body":"x","data":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`})
      expect(r.status, String(depth)).to.equal(422)
      expect(r.body.detail[0].type).to.equal('depth_limit')
    }
  })

  it('refuses a URL whose path or query does not decode to UTF-8, naming the parameter', async () => {
    const path = await rawCall(h.url, {method: 'GET', path: '/channels/room%FF/info', key: alice.key})
    expect(path.status).to.equal(422)
    expect(path.body.detail[0].loc).to.deep.equal(['path'])
    const query = await rawCall(h.url, {method: 'GET', path: '/channels/room/fs?prefix=a%E9', key: alice.key})
    expect(query.status).to.equal(422)
    expect(query.body.detail[0].loc).to.deep.equal(['query', 'prefix'])
  })
})
