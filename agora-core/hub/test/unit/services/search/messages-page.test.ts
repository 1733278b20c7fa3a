import {expect} from 'chai'
import type {Caller} from '../../../helpers/hub.js'
import {type SearchWorld, searchWorld} from './world.js'

// The relevance page is a narrow count per section, then each section's best rows (messages-page.ts); these
// scenarios pin that the cut never changes what a seat sees: exact totals, every hit once, the best first.
describe('relevance search pages cut per section from ranked matches', () => {
  let w: SearchWorld
  let alice: Caller, bob: Caller, carol: Caller
  beforeEach(async () => { w = await searchWorld(); ({alice, bob, carol} = w) })
  afterEach(async () => { await w.h.close() })
  const post = (who: Caller, channel: string, msg: Record<string, unknown>) => w.post(who, channel, msg)
  const search = (who: Caller, query: string) => w.search(who, query)

  it('pages a word most messages hold, with equal scores at every cut, showing each hit exactly once and exact totals', async () => {
    const asked = await post(alice, 'room', {body: 'alpha question', status: 'open', to: ['bob']})
    const expected = {decisions: new Set<string>(), messages: new Set<string>()}
    for (let i = 0; i < 24; i++) expected.decisions.add((await post(bob, 'room', {body: 'alpha beta', status: 'resolved', reply_to: asked.id})).id)
    for (let i = 0; i < 70; i++) expected.messages.add((await post(bob, 'room', {body: 'alpha beta'})).id)
    for (let i = 0; i < 40; i++) await post(carol, 'secret', {body: 'alpha alpha alpha'})
    const best = (await post(bob, 'room', {body: 'alpha alpha alpha'})).id
    expected.messages.add(best)
    const seen = {decisions: [] as string[], messages: [] as string[]}
    let cursor: string | null = null
    let first: any = null
    for (let page = 0; page < 20; page++) {
      const r: any = await search(bob, `q=alpha&limit=5${cursor ? `&cursor=${cursor}` : ''}`)
      first ??= r
      for (const s of ['decisions', 'messages'] as const) seen[s].push(...r[s].hits.map((x: any) => x.ref))
      cursor = r.next_cursor
      if (cursor === null) break
    }
    expect([first.decisions.total, first.open_threads.total, first.messages.total]).to.deep.equal([24, 1, 71])
    expect(first.messages.hits[0].ref, 'the message saying alpha three times in three words ranks first').to.equal(best)
    expect(first.open_threads.hits.map((x: any) => x.ref)).to.deep.equal([asked.id])
    for (const s of ['decisions', 'messages'] as const) {
      expect(seen[s]).to.have.length(expected[s].size)
      expect(new Set(seen[s])).to.deep.equal(expected[s])
    }
  })

  it('keeps a non-member channel\'s matches out of the page and the totals when they outrank every visible one', async () => {
    for (let i = 0; i < 150; i++) await post(carol, 'secret', {body: 'gamma gamma'})
    const mine = (await post(bob, 'room', {body: 'gamma and many other words in a longer message'})).id
    const r = await search(bob, 'q=gamma&limit=3')
    expect(r.messages).to.include({total: 1, shown: 1})
    expect(r.messages.hits.map((x: any) => x.ref)).to.deep.equal([mine])
    expect(r.next_cursor).to.equal(null)
  })

  it('pages hits that tie on every sort key (same words, same second) without repeating or skipping one, on each sort', async () => {
    await w.h.channel(bob, 'annex', [alice])
    const ids = new Set<string>()
    w.advance(10)
    for (let i = 0; i < 7; i++) for (const room of ['room', 'annex']) ids.add((await bob.postMessage(room, {body: 'delta epsilon'})).id)
    for (const sort of ['relevance', 'recency', 'votes']) {
      const seen: string[] = []
      let cursor: string | null = null
      for (let page = 0; page < 10; page++) {
        const r: any = await search(alice, `q=delta&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`)
        expect(r.messages.total, sort).to.equal(14)
        seen.push(...r.messages.hits.map((x: any) => x.ref))
        cursor = r.next_cursor
        if (cursor === null) break
      }
      expect(seen, sort).to.have.length(14)
      expect(new Set(seen), sort).to.deep.equal(ids)
    }
  })
})
