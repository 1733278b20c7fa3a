import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'
import {parseLossless, verifyIndependently} from '../helpers/ledger.js'

// Post-pipeline rules the invariants depend on.
describe('post pipeline: budgets, normalization and the channel SLA', () => {
  let offset = 0
  let h: TestHub
  let alice: Caller, bob: Caller, boss: Caller
  beforeEach(async () => {
    offset = 0
    h = await TestHub.start({ratePerMinute: 600000, now: () => Date.now() / 1000 + offset})
    alice = await h.register('alice')
    bob = await h.register('bob')
    boss = await h.register('boss', {operator: true})
    await h.channel(alice, 'room', [bob, boss])
  })
  afterEach(async () => { await h.close() })

  it('stores the seventh interrupt in an hour as next_turn with downgraded:true, and the ledger hashes the stored values', async () => {
    const sent: any[] = []
    for (let i = 0; i < 7; i++) sent.push(await alice.postMessage('room', {body: `urgent ${i}`, status: 'fyi', urgency: 'interrupt'}))
    expect(sent.slice(0, 6).map((m) => [m.urgency, m.downgraded])).to.deep.equal(Array(6).fill(['interrupt', false]))
    expect(sent[6]).to.include({urgency: 'next_turn', downgraded: true})
    const ledger = parseLossless((await alice.get('/channels/room/ledger?verify=true')).text) as any
    const turn = ledger.turns.find((t: any) => t.id === sent[6].id)
    expect(turn.urgency).to.equal('next_turn')
    expect(turn.downgraded.value).to.equal('1')
    expect(ledger.verified).to.equal(true)
    expect(verifyIndependently(ledger).intact).to.equal(true)
  })

  it('refuses the sixth critical in an hour with 429', async () => {
    for (let i = 0; i < 5; i++) await boss.postMessage('room', {body: `critical ${i}`, status: 'fyi', critical: true})
    const sixth = await boss.post('/channels/room/messages', {body: 'one too many', status: 'fyi', critical: true})
    expect(sixth.status, sixth.text).to.equal(429)
    expect(sixth.body.detail).to.be.a('string').and.not.empty
  })

  it('stores answers ∪ declines in order, dedupes them, and keeps declines only when non-empty', async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [
      {id: '1', text: 'a?', to: ['bob']}, {id: '2', text: 'b?', to: ['bob']}, {id: '3', text: 'c?', to: ['bob']}]}})
    const r = await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: 'x', data: {answers: ['1', '1'], declines: ['2']}})
    expect(r.data.answers).to.deep.equal(['1', '2'])
    expect(r.data.declines).to.deep.equal(['2'])
    const plain = await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: 'y', data: {answers: ['3'], declines: []}})
    expect(plain.data.answers).to.deep.equal(['3'])
    expect(plain.data).not.to.have.property('declines')
  })

  it('merges top-level asks into data and validates the merged result', async () => {
    const q = await alice.postMessage('room', {body: 'top-level asks', status: 'open', asks: [{id: '1', text: 'port?', to: ['bob']}]})
    expect(q.data.asks).to.deep.equal([{id: '1', text: 'port?', to: ['bob']}])
    const bad = await alice.post('/channels/room/messages', {body: 'x', status: 'fyi', asks: [{id: '1', text: 'on a fyi'}]})
    expect(bad.status, bad.text).to.equal(400)
  })

  it('escalates by channel:meta.response_sla_minutes instead of the 60-minute default', async () => {
    await alice.ok('PUT', '/channels/room/store/channel%3Ameta', {value: {response_sla_minutes: 5}})
    await alice.ok('POST', '/channels', {name: 'slow'})
    const inv = await alice.ok('POST', '/channels/slow/invites', {agent_id: 'bob'})
    await bob.ok('POST', '/channels/slow/join', {invite_token: inv.invite_token})
    const fast = await alice.postMessage('room', {body: 'quick one', status: 'open', to: ['bob']})
    const slow = await alice.postMessage('slow', {body: 'no rush', status: 'open', to: ['bob']})
    offset = 10 * 60
    const rows = (await bob.owed()).to_answer
    expect(rows.find((r: any) => r.id === fast.id)).to.include({escalated: true})
    expect(rows.find((r: any) => r.id === slow.id)).to.include({escalated: false})
  })

  it('seeds channel/charter.md at creation as seq 2, an fs audit after the created system message', async () => {
    await alice.ok('POST', '/channels', {name: 'fresh'})
    const rows = await alice.history('fresh')
    expect(rows.slice(0, 2).map((m) => [m.seq, m.kind, m.sender])).to.deep.equal([[1, 'system', 'hub'], [2, 'fs', 'alice']])
    expect(rows[0].body).to.equal('channel created by alice')
    const charter = await alice.ok('GET', '/channels/fresh/fs/channel/charter.md')
    expect(charter).to.include({path: 'channel/charter.md', version: 1})
    expect(charter.content).to.be.a('string').and.not.empty
  })

  it('serves whoami, / and /healthz in their wire shapes', async () => {
    const me = await bob.ok('GET', '/whoami')
    expect(me).to.include({id: 'bob', operator: false, protocol: 'agora/0.4'})
    expect(me.hub_rules).to.include({version: 0}).and.to.have.property('text').that.is.a('string').and.not.empty
    expect(me.hub_state).to.deep.equal({state: 'open'})
    expect(me.delegations).to.deep.equal([])
    expect(me).not.to.have.property('semantics')
    expect(await bob.ok('GET', '/')).to.include({service: 'agora', protocol: 'agora/0.4'})
    expect(await bob.ok('GET', '/healthz')).to.include({ok: true, db: 'ok', protocol: 'agora/0.4', paused: false})
  })

  it('treats history since as exclusive and honours limit', async () => {
    const ms: any[] = []
    for (let i = 0; i < 5; i++) ms.push(await alice.postMessage('room', {body: `m${i}`, status: 'fyi'}))
    const page = await bob.ok('GET', `/channels/room/messages?since=${ms[1].seq}&limit=2`)
    expect(page.map((m: any) => m.id)).to.deep.equal([ms[2].id, ms[3].id])
  })
})
