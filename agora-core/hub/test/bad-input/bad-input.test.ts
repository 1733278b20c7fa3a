import {expect} from 'chai'
import {type Caller, rawCall, TestHub} from '../helpers/hub.js'
import {type Ctx, rows, type Who} from './cases.js'
import {type Dump, logicalDump} from '../helpers/dump.js'

const isDetail = (d: unknown) => (typeof d === 'string' && d.trim().length > 0) || (Array.isArray(d) && d.length > 0)

describe('bad input: malformed requests are refused with an exact 4xx, a detail, and no state change', () => {
  let h: TestHub
  let seats: Record<'alice' | 'bob' | 'carol', Caller>
  let ctx: Ctx

  before(async function () {
    this.timeout(30000)
    h = await TestHub.start({ratePerMinute: 60000})
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    const carol = await h.register('carol')
    seats = {alice, bob, carol}
    await h.channel(alice, 'room', [bob])
    await h.channel(alice, 'other', [bob])
    await alice.ok('POST', '/channels', {name: 'pub', private: false})
    await alice.ok('POST', '/channels', {name: 'caf\u00e9', private: false})
    await bob.ok('POST', '/channels/pub/join', {})
    await alice.ok('PUT', '/channels/pub/store/k', {value: 1})
    await alice.ok('PUT', '/channels/pub/fs/a.md', {content: 'public file'})
    await alice.ok('PUT', '/channels/room/fs/a.md', {content: 'room file'})
    await alice.ok('PUT', '/channels/room/store/k', {value: 1})
    await alice.ok('POST', '/dms/bob/messages', {body: 'hello', status: 'fyi'})
    const q = await alice.postMessage('room', {body: 'one ask', status: 'open', data: {asks: [{id: '1', text: 'eta?', to: ['bob']}]}})
    const plain = await alice.postMessage('room', {body: 'no asks', status: 'open'})
    const other = await alice.postMessage('other', {body: 'elsewhere', status: 'fyi'})
    ctx = {q, plain, other}
  })
  after(async () => { await h?.close() })

  function keyOf(who: Who): string | null {
    if (who === 'admin') return h.admin.key
    if (who === 'none') return null
    if (who === 'junk') return 'agora_' + 'f'.repeat(48)
    return seats[who].key
  }

  const PLACEHOLDERS: Ctx = {q: {id: '@Q_ID@', seq: 0}, plain: {id: '@PLAIN_ID@'}, other: {id: '@OTHER_ID@'}}
  const table = rows(PLACEHOLDERS)
  const fill = (s: string) => s.replaceAll('@Q_ID@', ctx.q.id).replaceAll('@PLAIN_ID@', ctx.plain.id).replaceAll('@OTHER_ID@', ctx.other.id)
  let dumpBefore: Dump

  it('has at least 60 rows, each with a unique name', () => {
    expect(table.length).to.be.at.least(60)
    expect(new Set(table.map((r) => r.name)).size).to.equal(table.length)
    dumpBefore = logicalDump(h.dbPath)
    expect(dumpBefore.rows).to.be.greaterThan(0)
  })

  for (const row of table) {
    it(`answers ${row.status} to ${row.name}`, async () => {
      const body = row.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(row.body)))
      const r = await rawCall(h.url, {
        method: row.method, path: fill(row.path), key: keyOf(row.as), headers: {'x-agora-client': 'hub-tests', ...row.headers},
        ...(row.raw !== undefined ? {rawBody: row.raw} : body !== undefined ? {body} : {}),
      })
      expect(r.status, `${row.method} ${fill(row.path).slice(0, 100)} -> ${r.text.slice(0, 300)}`).to.equal(row.status)
      const detail = (r.body as {detail?: unknown} | null)?.detail
      expect(isDetail(detail), `detail of ${r.text.slice(0, 200)}`).to.equal(true)
    })
  }

  it('leaves the database logically identical after the whole table', () => {
    expect(dumpBefore, 'the first row-count test did not run').to.be.an('object')
    const after = logicalDump(h.dbPath)
    expect(after.rows).to.equal(dumpBefore.rows)
    expect(after.sha, 'a refused request wrote state').to.equal(dumpBefore.sha)
  })
})
