import {expect} from 'chai'
import fc from 'fast-check'
import {type Caller, TestHub} from '../../../helpers/hub.js'
import {canRelax, ftsMatch, parseQuery, webSearchText} from '../../../../src/services/search/query.js'
import {INDEX_COUNT_MIN} from '../../../../src/services/search/index-counts.js'
import {PAGE_DEPTH} from '../../../../src/services/search/page-cache.js'
import {type ReferenceOptions, referenceSections} from './reference.js'

// searchMessages (messages-sql.ts) takes shortcuts: totals from the FTS5 index, a cut per section, and on SQLite a page
// cache reused while the database is unchanged (page-cache.ts). This suite generates queries and writes and holds
// every answer to a plain reference statement (reference.ts) on its own connection: any divergence fails here.
const COMMON = ['the', 'build', 'tests', 'deploy']
const RARE = ['alpha', 'beta', 'gamma', 'delta', 'kappa', 'sigma', 'omega', 'zeta']
const SECTIONS = ['decisions', 'open_threads', 'messages'] as const

describe('lexical search answers equal a plain reference query', function () {
  this.timeout(120_000)
  let h: TestHub
  let clock = 1_800_000_000
  let alice: Caller, bob: Caller, carol: Caller
  let seed = 7
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
  // Common words skewed to the first (`the` in most messages, as in the bench), rare ones uniform.
  const body = (): string => Array.from({length: 4 + Math.floor(rand() * 8)}, () => rand() < 0.5 ? COMMON[Math.floor(rand() ** 2 * COMMON.length)]! : pick(RARE)).join(' ')
  const live: Array<{channel: string; id: string; by: Caller}> = []
  // Each seat's searched channels (the world below): alice is in every room, bob is outside `secret`.
  const scopeOf = (who: Caller): string[] => who === alice ? ['annex', 'commons', 'room', 'secret'] : ['annex', 'commons', 'room']

  async function post(by: Caller, channel: string, msg: Record<string, unknown>): Promise<any> {
    clock += 1
    const m = await by.postMessage(channel, msg)
    live.push({channel, id: m.id, by})
    return m
  }

  before(async () => {
    h = await TestHub.start({now: () => clock})
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    // alice is in every room that holds messages (totals from the index); bob is outside `secret` (totals by join).
    await h.channel(alice, 'room', [bob, carol])
    await h.channel(alice, 'annex', [bob])
    await h.channel(carol, 'secret', [alice])
    for (let i = 0; i < INDEX_COUNT_MIN + 60; i++) {
      const channel = pick(['room', 'room', 'annex', 'secret'])
      const by = channel === 'secret' ? pick([alice, carol]) : pick([alice, bob])
      const r = rand()
      const asked = r < 0.1 ? {status: 'open', to: [by === alice ? (channel === 'secret' ? 'carol' : 'bob') : 'alice']} : {}
      const m = await post(by, channel, {body: body(), title: r > 0.85 ? body() : '', ...asked})
      if (r < 0.05) await post(by === alice ? (channel === 'secret' ? carol : bob) : alice, channel, {body: body(), status: 'resolved', reply_to: m.id})
    }
  })
  after(async () => { await h.close() })

  const query = fc.oneof(
    fc.constantFrom(...COMMON),
    fc.constantFrom(...RARE),
    fc.tuple(fc.constantFrom(...COMMON), fc.constantFrom(...RARE)).map(([a, b]) => `${a} ${b}`),
    fc.tuple(fc.constantFrom(...RARE), fc.constantFrom(...RARE)).map(([a, b]) => `${a} ${b}`),
    fc.tuple(fc.constantFrom(...COMMON), fc.constantFrom(...COMMON)).map(([a, b]) => `"${a} ${b}"`),
    fc.constantFrom(...RARE, ...COMMON).map(w => `${w.slice(0, 2)}*`),
    fc.tuple(fc.constantFrom(...RARE), fc.constantFrom(...RARE)).map(([a, b]) => `${a} OR ${b}`),
  )
  const write = fc.constantFrom('none', 'none', 'post', 'retract', 'resolve')

  const RELEVANCE: ReferenceOptions = {sort: 'relevance', sender: null}
  const options = fc.record({sort: fc.constantFrom('relevance', 'relevance', 'recency'), sender: fc.constantFrom(null, null, 'alice', 'bob')}) as fc.Arbitrary<ReferenceOptions>

  async function search(who: Caller, q: string, offset: number, o: ReferenceOptions = RELEVANCE): Promise<any> {
    clock += 2 // a seat's search bucket refills one token per 2 s of hub time
    const cursor = offset === 0 ? '' : `&cursor=${Buffer.from(JSON.stringify({o: offset})).toString('base64url')}`
    const filters = `${o.sort === 'relevance' ? '' : `&sort=${o.sort}`}${o.sender === null ? '' : `&sender=${o.sender}`}`
    return who.ok('GET', `/search?q=${encodeURIComponent(q)}&limit=5${cursor}${filters}`)
  }

  async function expectReference(who: Caller, q: string, offset: number, r: any, label: string, o: ReferenceOptions = RELEVANCE): Promise<void> {
    const parsed = parseQuery(q)
    const text = (relaxed: boolean) => h.dbPath.startsWith('postgres') ? webSearchText(parsed, relaxed) : ftsMatch(parsed, relaxed)
    // A section's total counts all its matches on every page, past its end too; only a query matching nothing at
    // all retries with any word (a page past the end is an empty page, not a relaxed one).
    let ref = await referenceSections(h.dbPath, text(false), scopeOf(who), o)
    const none = SECTIONS.every(s => ref.get(s)!.total === 0)
    if (none && canRelax(parsed)) ref = await referenceSections(h.dbPath, text(true), scopeOf(who), o)
    expect(r.relaxed, `${label}: relaxed`).to.equal(none && canRelax(parsed) && SECTIONS.some(s => ref.get(s)!.total > 0))
    for (const s of SECTIONS) {
      const want = ref.get(s)!
      const what = `${s} for ${who.id}, q=${q}, offset ${offset}, ${JSON.stringify(o)}`
      expect(r[s].total, `${label}: ${what} total`).to.equal(want.total)
      expect(r[s].hits.map((x: any) => x.ref), `${label}: ${what} page`).to.deep.equal(want.ids.slice(offset, offset + 5))
    }
  }

  async function doWrite(kind: string, q: string): Promise<void> {
    if (kind === 'post') await post(pick([alice, bob]), pick(['room', 'annex']), {body: `${parseQuery(q).words.join(' ')} ${body()}`})
    if (kind === 'retract' && live.length > 0) {
      const [gone] = live.splice(Math.floor(rand() * live.length), 1)
      await gone!.by.ok('POST', `/channels/${gone!.channel}/messages/${gone!.id}/retract`)
    }
    if (kind === 'resolve') {
      const asked = await post(alice, 'room', {body: body(), status: 'open', to: ['bob']})
      await post(bob, 'room', {body: `${parseQuery(q).words.join(' ')} answer`, status: 'resolved', reply_to: asked.id})
    }
  }

  it('gives every generated query the reference totals and pages, for a seat in every room and one outside a room, asked twice and after writes', async () => {
    expect(alice && bob && carol, 'the seats exist').to.be.ok
    const scopes = new Set<string>()
    await fc.assert(fc.asyncProperty(query, fc.constantFrom(0, 5, PAGE_DEPTH - 5, PAGE_DEPTH), write, options, async (q, offset, change, o) => {
      for (const who of [alice, bob]) {
        // The same words unfiltered first: a kept page of one query must never answer another (sort, sender).
        await search(who, q, offset)
        const first = await search(who, q, offset, o)
        scopes.add(`${who.id}:${first.channels_searched}`)
        await expectReference(who, q, offset, first, 'first', o)
        // Asked again with nothing written between: the page cache may answer; it must be the same answer.
        const again = await search(who, q, offset, o)
        delete first.computed_at; delete again.computed_at
        expect(again, `repeat for ${who.id}, q=${q}`).to.deep.equal(first)
        await doWrite(change, q)
        await expectReference(who, q, offset, await search(who, q, offset, o), `after ${change}`, o)
      }
    }), {numRuns: 60})
    expect([...scopes].sort()).to.deep.equal(['alice:4', 'bob:3'])
  })

  it('serves a word in more than INDEX_COUNT_MIN messages from the index path with the reference totals', async () => {
    const r = await search(alice, 'the', 0)
    expect(SECTIONS.reduce((n, s) => n + r[s].total, 0)).to.be.greaterThan(INDEX_COUNT_MIN)
    await expectReference(alice, 'the', 0, r, 'common word')
  })
})
