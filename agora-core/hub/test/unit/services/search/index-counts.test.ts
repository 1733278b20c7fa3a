import {expect} from 'chai'
import type {Caller} from '../../../helpers/hub.js'
import {type SearchWorld, searchWorld} from './world.js'
import {INDEX_COUNT_MIN} from '../../../../src/services/search/index-counts.js'

// A word in more than INDEX_COUNT_MIN messages is counted from the FTS5 index when every channel holding
// an indexed message is searched (index-counts.ts), and by joining every match otherwise. Both must give
// the same exact totals per section, with retracted rows, closed threads and other rooms handled alike.
describe('search totals counted from the full-text index', () => {
  let w: SearchWorld
  let alice: Caller, bob: Caller, carol: Caller
  beforeEach(async () => { w = await searchWorld(); ({alice, bob, carol} = w) })
  afterEach(async () => { await w.h.close() })
  const post = (who: Caller, channel: string, msg: Record<string, unknown>) => w.post(who, channel, msg)
  const search = (who: Caller, query: string) => w.search(who, query)
  const totals = (r: any): number[] => [r.decisions.total, r.open_threads.total, r.messages.total]

  it('gives exact per-section totals from the index, and the same once another room holds the word', async () => {
    const fyi = INDEX_COUNT_MIN + 5
    for (let i = 0; i < fyi; i++) await post(bob, 'room', {body: `alpha note ${i}`})
    const open = await post(alice, 'room', {body: 'alpha question', status: 'open', to: ['bob']})
    const blocked = await post(alice, 'room', {body: 'alpha blocked on review', status: 'blocked', to: ['bob']})
    await post(bob, 'room', {body: 'alpha answer', status: 'resolved', reply_to: open.id})
    const closing = await post(alice, 'room', {body: 'alpha second question', status: 'open', to: ['bob']})
    await alice.ok('POST', `/channels/room/messages/${closing.id}/resolve_thread`, {body: 'alpha settled'})
    const gone = await post(bob, 'room', {body: 'alpha withdrawn'})
    await bob.ok('POST', `/channels/room/messages/${gone.id}/retract`)
    await post(bob, 'room', {body: 'no match here'})
    // decisions: the answer and resolve_thread's reply; open: the question and the blocked one (the closed
    // question is a plain message now); messages: the notes and the closed question; never the retracted one.
    const expected = [2, 2, fyi + 1]
    const fromIndex = await search(bob, 'q=alpha&limit=5')
    expect(totals(fromIndex), 'bob searches every room that holds a message').to.deep.equal(expected)
    expect(fromIndex.messages.hits.map((x: any) => x.ref)).to.not.include(gone.id)
    expect(fromIndex.open_threads.hits.map((x: any) => x.ref)).to.have.members([open.id, blocked.id])
    for (let i = 0; i < 30; i++) await post(carol, 'secret', {body: 'alpha alpha alpha'})
    const joined = await search(bob, 'q=alpha&limit=5')
    expect(totals(joined), 'carol\'s room now holds the word; bob is not in it').to.deep.equal(expected)
    expect(joined.messages.hits, 'the page is the one the index path served').to.deep.equal(fromIndex.messages.hits)
    expect(totals(await search(carol, 'q=alpha')), 'carol sees her room only').to.deep.equal([0, 0, 30])
    expect(totals(await search(bob, 'q=alpha&channel=room&channel=secret')), 'naming a room bob is not in changes nothing').to.deep.equal(expected)
  })

})
