import {expect} from 'chai'
import {operatorRoom, TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'

/** A reporting delegate inherits obligations from operator messages. */
describe('reporting delegate obligations', () => {
  let t = 1_800_000_000
  let h: TestHub
  let olga: Caller
  let dora: Caller
  let bob: Caller
  let carol: Caller
  beforeEach(async () => {
    t = 1_800_000_000
    h = await TestHub.start({now: () => t})
    ;({olga, dora, bob, carol} = await operatorRoom(h))
    await h.channel(olga, 'other', [dora, bob])
  })
  afterEach(async () => { await h.close() })

  const grant = (extra: Record<string, unknown> = {}) => h.admin.ok('PUT', '/admin/delegation', {agent_id: 'dora', powers: ['reporting'], ...extra})
  const owedIds = async (c: Caller): Promise<string[]> => (await c.owed()).to_answer.map((r: {id: string}) => r.id)
  const inboxIds = async (c: Caller): Promise<string[]> => (await c.inbox()).map((e: {id: string}) => e.id)
  const envelope = async (c: Caller, id: string) => (await c.inbox()).find((e: {id: string}) => e.id === id)
  const ackAll = async (c: Caller) => {
    const head = (await c.history('room')).at(-1)?.seq ?? 0
    await c.ok('POST', '/inbox/ack', {cursors: {room: head}})
  }

  it('gives the delegate an operator\'s open message naming someone else as a to_answer row (rule 2), to_me and a pin past its cursor', async () => {
    await grant()
    const m = await olga.postMessage('room', {body: 'ship the parser', status: 'open', to: ['bob']})
    expect(await owedIds(dora)).to.include(m.id)
    expect(await owedIds(carol)).to.not.include(m.id)
    expect((await envelope(dora, m.id)).to_me).to.equal(true)
    expect((await envelope(carol, m.id)).to_me).to.equal(false)
    await ackAll(dora)
    await ackAll(carol)
    expect(await inboxIds(dora)).to.include(m.id)
    expect(await inboxIds(carol)).to.not.include(m.id)
  })

  it('pushes the operator\'s open message to the delegate over WS with to_me true, through the same envelope builder', async () => {
    await grant()
    const ws = await WsSeat.connect(h.url, dora.key!)
    const bystander = await WsSeat.connect(h.url, carol.key!)
    try {
      const m = await olga.postMessage('room', {body: 'ship the parser', status: 'open', to: ['bob']})
      expect((await ws.waitEnvelope((e) => e.id === m.id)).envelope.to_me).to.equal(true)
      expect((await bystander.waitEnvelope((e) => e.id === m.id)).envelope.to_me).to.equal(false)
    } finally {
      ws.close()
      bystander.close()
    }
  })

  it('keeps the delegate\'s row after it replies when every pending ask names others, where rule 3(a) releases a plain addressee', async () => {
    await grant()
    const m = await olga.postMessage('room', {body: 'parser status', status: 'open', to: ['carol'], asks: [{id: 'a1', text: 'done?', to: ['bob']}]})
    await carol.postMessage('room', {body: 'bob has it', status: 'reply', reply_to: m.id})
    await dora.postMessage('room', {body: 'bob is on it, I will report', status: 'reply', reply_to: m.id})
    expect(await owedIds(carol)).to.not.include(m.id)
    expect(await owedIds(dora)).to.include(m.id)
  })

  it('never releases the delegate\'s row on an operator message through a linked claim row (rule 3(b))', async () => {
    await grant()
    const m = await olga.postMessage('room', {body: 'ship the parser', status: 'open', to: ['bob']})
    await dora.postMessage('room', {body: 'claimed, tracking it', status: 'reply', reply_to: m.id})
    await dora.ok('PUT', '/channels/room/store/claim:parser', {value: {owner: 'dora', status: 'doing', source_message_id: m.id}})
    expect(await owedIds(dora)).to.include(m.id)
  })

  it('makes an operator\'s reply or fyi a directive debt of the delegate though it names someone else, cleared per seat by the delegate\'s own reply', async () => {
    await grant()
    const root = await carol.postMessage('room', {body: 'I think we should switch schema'})
    const fyi = await olga.postMessage('room', {body: 'use the new schema from now on', to: ['bob']})
    const reply = await olga.postMessage('room', {body: 'agreed, switch', status: 'reply', reply_to: root.id})
    const rows = (await dora.owed()).to_answer.filter((r: {id: string}) => [fyi.id, reply.id].includes(r.id))
    expect(rows.map((r: {id: string}) => r.id)).to.deep.equal([fyi.id, reply.id])
    expect(rows[0]).to.deep.include({pending_asks: [], asks_naming_you: [], sender: 'olga'})
    await ackAll(dora)
    expect(await inboxIds(dora)).to.include.members([fyi.id, reply.id])
    await dora.postMessage('room', {body: 'noted, I will watch for it', status: 'reply', reply_to: fyi.id})
    expect(await owedIds(dora)).to.not.include(fyi.id)
    expect(await owedIds(dora)).to.include(reply.id)
    expect(await owedIds(bob)).to.include(fyi.id)
  })

  it('clears an inherited directive debt when the operator closes it with authority', async () => {
    await grant()
    const fyi = await olga.postMessage('room', {body: 'freeze merges tonight'})
    expect(await owedIds(dora)).to.include(fyi.id)
    await olga.postMessage('room', {body: 'freeze lifted', status: 'resolved', reply_to: fyi.id})
    expect(await owedIds(dora)).to.not.include(fyi.id)
  })

  it('inherits no debt from an operator reply carrying data.answers, nor from a peer\'s fyi, but does from the operator\'s plain reply beside them', async () => {
    await grant()
    const q = await bob.postMessage('room', {body: 'which port?', status: 'open', asks: [{id: 'port', text: 'which port?'}]})
    const answer = await olga.postMessage('room', {body: '8765', status: 'reply', reply_to: q.id, answers: ['port']})
    const peer = await carol.postMessage('room', {body: 'lunch at noon'})
    const directive = await olga.postMessage('room', {body: 'and move the hub to 8766', status: 'reply', reply_to: q.id})
    const owed = await owedIds(dora)
    expect(owed).to.include(directive.id)
    expect(owed).to.not.include(answer.id)
    expect(owed).to.not.include(peer.id)
  })

  it('gives no inherited row, debt or to_me once the grant has expired by the hub clock', async () => {
    await grant({ttl_seconds: 3600})
    const m = await olga.postMessage('room', {body: 'ship the parser', status: 'open', to: ['bob']})
    const fyi = await olga.postMessage('room', {body: 'use the new schema'})
    expect(await owedIds(dora)).to.include.members([m.id, fyi.id])
    t += 3601
    expect(await owedIds(dora)).to.not.include.members([m.id])
    expect(await owedIds(dora)).to.not.include(fyi.id)
    expect((await envelope(dora, m.id)).to_me).to.equal(false)
  })

  it('gives no inherited row, debt or to_me once the grant is revoked', async () => {
    await grant()
    const m = await olga.postMessage('room', {body: 'ship the parser', status: 'open', to: ['bob']})
    const fyi = await olga.postMessage('room', {body: 'use the new schema'})
    expect(await owedIds(dora)).to.include.members([m.id, fyi.id])
    t += 1
    await h.admin.ok('DELETE', '/admin/delegation/dora')
    const owed = await owedIds(dora)
    expect(owed).to.not.include(m.id)
    expect(owed).to.not.include(fyi.id)
    expect((await envelope(dora, m.id)).to_me).to.equal(false)
  })

  it('inherits only in the channel a scoped grant names, and in every channel for scope "*"', async () => {
    await grant({scope: 'other'})
    const inRoom = await olga.postMessage('room', {body: 'room task', status: 'open', to: ['bob']})
    const inOther = await olga.postMessage('other', {body: 'other task', status: 'open', to: ['bob']})
    const fyiRoom = await olga.postMessage('room', {body: 'room note'})
    const fyiOther = await olga.postMessage('other', {body: 'other note'})
    let owed = await owedIds(dora)
    expect(owed).to.include.members([inOther.id, fyiOther.id])
    expect(owed).to.not.include(inRoom.id)
    expect(owed).to.not.include(fyiRoom.id)
    expect((await envelope(dora, inRoom.id)).to_me).to.equal(false)
    expect((await envelope(dora, inOther.id)).to_me).to.equal(true)
    await grant({scope: '*'})
    owed = await owedIds(dora)
    expect(owed).to.include.members([inRoom.id, inOther.id, fyiRoom.id, fyiOther.id])
  })
})
