import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

// One scripted room; every expected value below is written from the rules (hub README "Work plane"),
// not captured from a run: who holds what, what is stale, who is idle, dark, blocking or owed.
describe('work plane: board, desk, supervise, rulings and the work index on a scripted room', () => {
  const T0 = 1_800_000_000
  let t = T0
  let h: TestHub
  let owner: Caller, bob: Caller, carol: Caller, dave: Caller, olga: Caller, rex: Caller
  let review: any, question: any, opAsk: any, mention: any
  before(async () => {
    h = await TestHub.start({now: () => t})
    owner = await h.register('owner')
    bob = await h.register('bob')
    carol = await h.register('carol')
    dave = await h.register('dave')
    olga = await h.register('olga', {operator: true})
    rex = await h.register('rex', {mission: 'report to olga'})
    await h.channel(owner, 'room', [bob, carol, dave, olga, rex])
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'rex', powers: ['reporting'], scope: 'room'})
    await bob.ok('PUT', '/channels/room/store/claim:parser', {value: {owner: 'bob', status: 'working', cadence_minutes: 30, work: 'parser-1'}})
    await carol.ok('PUT', '/channels/room/store/claim:docs', {value: {owner: 'carol', status: 'blocked on the parser', needs_from: 'bob'}})
    await owner.ok('PUT', '/channels/room/store/phase:build', {value: {steward: 'carol', status: 'building', next: 'wire the parser'}})
    await bob.ok('PUT', '/channels/room/store/work:parser-1', {value: {status: 'planned', title: 'streaming parser'}})
    await olga.ok('PUT', '/channels/room/store/ruling:style', {value: {text: 'no force pushes'}})
    await rex.ok('PUT', '/channels/room/store/queue:triage', {value: ['parser-1']})
    review = await owner.postMessage('room', {status: 'open', title: 'need review', to: ['dave']})
    question = await carol.postMessage('room', {status: 'open', title: 'who takes the tests?'})
    opAsk = await olga.postMessage('room', {status: 'open', title: 'ship status?', to: ['bob']})
    mention = await owner.postMessage('room', {status: 'fyi', title: 'parser-1 is next', body: 'after the docs'})
    t = T0 + 7200
    for (const c of [owner, bob, carol, olga, rex]) await c.ok('GET', '/whoami')
  })
  after(async () => { await h.close() })

  it('serves bob a board of the live rows, his own and the ones waiting on him, his obligations and every seat he shares a room with', async () => {
    const b = await bob.ok('GET', '/board')
    expect(b.rows).to.deep.equal([
      {channel: 'room', key: 'claim:docs', kind: 'claim', holder: 'carol', status: 'blocked', version: 1, updated_at: T0, idle_s: 7200, stale: false, needs_from: ['bob'], next_step: null},
      {channel: 'room', key: 'claim:parser', kind: 'claim', holder: 'bob', status: 'working', version: 1, updated_at: T0, idle_s: 7200, stale: true, needs_from: [], next_step: null},
      {channel: 'room', key: 'phase:build', kind: 'phase', holder: 'carol', status: 'building', version: 1, updated_at: T0, idle_s: 7200, stale: false, needs_from: [], next_step: 'wire the parser'},
    ])
    expect(b.mine).to.deep.equal(['room/claim:parser'])
    expect(b.blocking_me).to.deep.equal(['room/claim:docs'])
    expect(b.obligations).to.deep.equal({to_answer: 1, escalated: 1, to_consume: 0, to_close: 0})
    expect(b.phases).to.deep.equal([{channel: 'room', key: 'phase:build', steward: 'carol', status: 'building'}])
    expect(b.seats).to.deep.equal([
      {agent_id: 'bob', state: 'active', claims: 1, phases: 0, stale: 1, blocking: ['room/claim:docs']},
      {agent_id: 'carol', state: 'active', claims: 1, phases: 1, stale: 0, blocking: []},
      {agent_id: 'dave', state: 'offline', claims: 0, phases: 0, stale: 0, blocking: []},
      {agent_id: 'olga', state: 'active', claims: 0, phases: 0, stale: 0, blocking: []},
      {agent_id: 'owner', state: 'active', claims: 0, phases: 0, stale: 0, blocking: []},
      {agent_id: 'rex', state: 'active', claims: 0, phases: 0, stale: 0, blocking: []},
    ])
    expect(b).to.include({agent_id: 'bob', computed_at: T0 + 7200})
  })

  it('serves the room radar: idle live seats, the dark seat owing an escalated answer, stuck rows, the unowned question and the escalated threads', async () => {
    const s = await rex.ok('GET', '/channels/room/supervise')
    expect(s.idle_seats).to.deep.equal(['olga', 'owner', 'rex'])
    expect(s.dark_seats).to.deep.equal(['dave'])
    expect(s.stuck_rows).to.deep.equal([
      {key: 'claim:docs', holder: 'carol', status: 'blocked', idle_s: 7200, stale: false, needs_from: ['bob']},
      {key: 'claim:parser', holder: 'bob', status: 'working', idle_s: 7200, stale: true, needs_from: []},
    ])
    expect(s.unowned).to.deep.equal([{id: question.id, seq: question.seq, title: 'who takes the tests?', sender: 'carol'}])
    expect(s.escalated).to.deep.equal([
      {id: review.id, seq: review.seq, title: 'need review', sender: 'owner', waiting_on: ['dave'], age_s: 7200},
      {id: question.id, seq: question.seq, title: 'who takes the tests?', sender: 'carol', waiting_on: [], age_s: 7200},
      {id: opAsk.id, seq: opAsk.seq, title: 'ship status?', sender: 'olga', waiting_on: ['bob'], age_s: 7200},
    ])
    const all = await rex.ok('GET', '/supervise')
    expect(all.channels.map((c: any) => c.channel)).to.deep.equal(['commons', 'room'])
    expect(all.channels[1]).to.deep.equal(s)
    expect((await bob.get('/channels/nowhere/supervise')).status).to.equal(404)
  })

  it('serves the desk to the operator and the reporting delegate only: their answers, the queue and unacknowledged rulings', async () => {
    const refused = await bob.get('/desk')
    expect(refused.status).to.equal(403)
    expect(refused.body).to.deep.equal({detail: "the desk is the operator's (and a reporting delegate's); see your own work with `agora board` (GET /board, MCP get_board)"})
    const d = await rex.ok('GET', '/desk')
    expect(d.to_answer.map((r: any) => r.id)).to.deep.equal([opAsk.id])
    expect(d.queue).to.deep.equal([{channel: 'room', key: 'queue:triage', value: ['parser-1'], version: 1, updated_by: 'rex', updated_at: T0}])
    expect(d.unacknowledged_rulings).to.deep.equal([{channel: 'room', key: 'ruling:style'}])
    expect(d.counts).to.deep.equal({to_answer: 1, to_close: 0, waiting_on_you: 0, queue: 1, unacknowledged_rulings: 1})
    const o = await olga.ok('GET', '/desk')
    expect(o.to_answer).to.deep.equal([])
  })

  it('lists rulings and phases in the digest and info, and a ruling ack holds until the ruling changes', async () => {
    const dg = await bob.ok('GET', '/channels/room/digest')
    expect(dg.rulings).to.deep.equal([{key: 'ruling:style', text: 'no force pushes', value: {text: 'no force pushes'}, version: 1, updated_by: 'olga', updated_at: T0}])
    expect(dg.unacknowledged_rulings).to.deep.equal(['ruling:style'])
    expect(dg.phase_lines).to.deep.equal(['phase:build — building (steward carol) next: wire the parser'])
    expect(dg.phases.map((p: any) => p.key)).to.deep.equal(['phase:build'])
    expect((await bob.ok('GET', '/channels/room/info')).phases.map((p: any) => p.value.steward)).to.deep.equal(['carol'])
    expect((await bob.owed()).phases.map((p: any) => [p.channel, p.key, p.value.steward])).to.deep.equal([['room', 'phase:build', 'carol']])
    expect(await bob.ok('POST', '/channels/room/ruling-acks', {keys: ['ruling:style']}))
      .to.deep.equal({channel: 'room', acked: [{key: 'ruling:style', version: 1}], unacknowledged_rulings: []})
    expect((await bob.ok('GET', '/channels/room/digest')).unacknowledged_rulings).to.deep.equal([])
    const unknown = await bob.post('/channels/room/ruling-acks', {keys: ['ruling:nope']})
    expect(unknown.status).to.equal(404)
    expect(unknown.body.detail).to.equal("no ruling 'ruling:nope' in 'room'; the standing ones are ruling:style")
    expect((await bob.post('/channels/room/ruling-acks', {keys: []})).status).to.equal(400)
    expect((await bob.post('/channels/room/ruling-acks', {keys: ['ruling:style'], extra: 1})).status).to.equal(400)
    await olga.ok('PUT', '/channels/room/store/ruling:style', {value: {text: 'no force pushes, ever'}})
    expect((await bob.ok('GET', '/channels/room/digest')).unacknowledged_rulings).to.deep.equal(['ruling:style'])
  })

  it('finds everything citing a work item: its row, the claim that names it and the message that mentions it', async () => {
    const w = await bob.ok('GET', '/work/parser-1')
    expect(w.item_id).to.equal('parser-1')
    expect(w.rows.map((r: any) => [r.channel, r.key, r.value.status])).to.deep.equal([['room', 'work:parser-1', 'planned']])
    expect(w.claims.map((r: any) => r.key)).to.deep.equal(['claim:parser'])
    expect(w.phases).to.deep.equal([])
    expect(w.messages.map((m: any) => m.id)).to.deep.equal([mention.id])
    expect((await bob.get(`/work/${'not_an_item'}`)).status).to.equal(400)
    const outsider = await h.register('outsider')
    expect(await outsider.ok('GET', '/work/parser-1')).to.deep.equal({item_id: 'parser-1', rows: [], claims: [], phases: [], messages: []})
    const cw = await carol.ok('GET', '/channels/room/work')
    expect(cw.counts).to.deep.equal({proposed: 0, planned: 1, completed: 0, deprecated: 0})
    expect(cw.items).to.have.length(1)
    expect(cw.items[0]).to.include({item_id: 'parser-1', status: 'planned', title: 'streaming parser', key: 'work:parser-1'})
    expect(cw.items[0].cited_by).to.deep.equal([{key: 'claim:parser', owner: 'bob', status: 'working', version: 1}])
    expect((await outsider.get('/channels/room/work')).status).to.equal(403)
  })
})
