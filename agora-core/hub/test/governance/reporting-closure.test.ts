import {expect} from 'chai'
import {operatorRoom, TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

const EXTERNAL = {kind: 'external', ref: 'https://ci.example/run/7', sha256: 'ab'.repeat(32), size_bytes: 10}
const REPORT = {kind: 'fs', ref: 'out/report.md'}
/** The completion-report gate: a delegate's report also cites the plan it followed. */
const PLAN = {kind: 'store', ref: 'plan:report'}

/** Discharge and closure of operator messages by a reporting delegate (settled_by). */
describe('reporting delegate closure', () => {
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
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'dora', powers: ['reporting']})
    await bob.ok('PUT', '/channels/room/fs/out/report.md', {content: 'the report'})
    await dora.ok('PUT', '/channels/room/store/plan:report', {value: {steps: ['bob writes out/report.md']}})
  })
  afterEach(async () => { await h.close() })

  const closed = async (id: string): Promise<boolean> => (await olga.history('room')).find((m: {id: string}) => m.id === id).closed
  const resolved = (c: Caller, id: string, data?: Record<string, unknown>) =>
    c.post('/channels/room/messages', {body: 'done', status: 'resolved', reply_to: id, ...(data ? {data} : {})})

  it('does not discharge an operator\'s binary message on the delegate\'s plain reply, bare resolved, or resolved citing only external refs', async () => {
    const m = await olga.postMessage('room', {body: 'write the report', status: 'open'})
    await dora.postMessage('room', {body: 'on it', status: 'reply', reply_to: m.id})
    expect((await resolved(dora, m.id)).status).to.equal(200)
    expect((await resolved(dora, m.id, {evidence: [EXTERNAL]})).status).to.equal(200)
    expect(await closed(m.id)).to.equal(false)
    expect((await dora.owed()).to_answer.map((r: {id: string}) => r.id)).to.include(m.id)
  })

  it('discharges an operator\'s binary message on the delegate\'s resolved reply citing verified evidence, and drops it from /owed', async () => {
    const m = await olga.postMessage('room', {body: 'write the report', status: 'open', to: ['bob']})
    expect((await resolved(dora, m.id, {evidence: [PLAN, REPORT, EXTERNAL]})).status).to.equal(200)
    expect(await closed(m.id)).to.equal(true)
    expect((await dora.owed()).to_answer.map((r: {id: string}) => r.id)).to.not.include(m.id)
    expect((await bob.owed()).to_answer.map((r: {id: string}) => r.id)).to.not.include(m.id)
  })

  it('discharges on a named seat\'s evidenced resolved reply but not on an unnamed bystander\'s', async () => {
    const m = await olga.postMessage('room', {body: 'write the report', status: 'open', to: ['bob']})
    await resolved(carol, m.id, {evidence: [REPORT]})
    expect(await closed(m.id)).to.equal(false)
    await resolved(bob, m.id, {evidence: [REPORT]})
    expect(await closed(m.id)).to.equal(true)
  })

  it('needs the operator\'s settlement on top of answered asks, which the delegate\'s evidenced report gives', async () => {
    const m = await olga.postMessage('room', {body: 'build it', status: 'open', asks: [{id: 'a1', text: 'who builds?', to: ['bob']}]})
    await bob.postMessage('room', {body: 'I do', status: 'reply', reply_to: m.id, answers: ['a1']})
    expect(await closed(m.id)).to.equal(false)
    await resolved(dora, m.id, {evidence: [PLAN, REPORT]})
    expect(await closed(m.id)).to.equal(true)
  })

  it('closes an operator message with pending asks on the delegate\'s settled_by reply citing evidence, normalizing the ref to an id', async () => {
    const m = await olga.postMessage('room', {body: 'build it', status: 'open', asks: [{id: 'a1', text: 'who builds?', to: ['bob']}]})
    const settling = await bob.postMessage('room', {body: 'merged in #42'})
    const r = await resolved(dora, m.id, {settled_by: `#${settling.seq}`, evidence: [PLAN, REPORT]})
    expect(r.status).to.equal(200)
    expect(r.body.data.settled_by).to.equal(settling.id)
    expect(await closed(m.id)).to.equal(true)
  })

  it('refuses the delegate\'s settled_by without verifiable evidence with a teaching 403 and writes nothing', async () => {
    const m = await olga.postMessage('room', {body: 'build it', status: 'open', asks: [{id: 'a1', text: 'who builds?', to: ['bob']}]})
    const settling = await bob.postMessage('room', {body: 'merged in #42'})
    const before = (await olga.history('room')).length
    for (const data of [{settled_by: settling.id}, {settled_by: settling.id, evidence: [EXTERNAL]}]) {
      const r = await resolved(dora, m.id, data)
      expect(r.status).to.equal(403)
      expect(r.body.detail).to.include('verifiable evidence').and.include('data.evidence')
    }
    expect((await olga.history('room')).length).to.equal(before)
    expect(await closed(m.id)).to.equal(false)
  })

  it('refuses settled_by to a bystander, and to the delegate on a peer\'s question, with 403', async () => {
    const m = await olga.postMessage('room', {body: 'build it', status: 'open', asks: [{id: 'a1', text: 'who builds?', to: ['bob']}]})
    const q = await bob.postMessage('room', {body: 'which schema?', status: 'open'})
    const settling = await carol.postMessage('room', {body: 'decided in the design doc'})
    const bystander = await resolved(carol, m.id, {settled_by: settling.id, evidence: [REPORT]})
    expect(bystander.status).to.equal(403)
    expect(bystander.body.detail).to.include('only its asker (olga)')
    const onPeer = await resolved(dora, q.id, {settled_by: settling.id, evidence: [REPORT]})
    expect(onPeer.status).to.equal(403)
    expect(onPeer.body.detail).to.include("only on an operator's request")
    expect(await closed(m.id)).to.equal(false)
    expect(await closed(q.id)).to.equal(false)
  })

  it('lets the asker use settled_by, and refuses it off a resolved reply, pointing at the question itself, or naming nothing here', async () => {
    const q = await bob.postMessage('room', {body: 'which schema?', status: 'open'})
    const settling = await carol.postMessage('room', {body: 'decided in the design doc'})
    const offStatus = await bob.post('/channels/room/messages', {body: 'x', status: 'reply', reply_to: q.id, data: {settled_by: settling.id}})
    expect(offStatus.status).to.equal(400)
    expect((await resolved(bob, q.id, {settled_by: q.id})).body.detail).to.include('names the question itself')
    expect((await resolved(bob, q.id, {settled_by: '#999'})).status).to.equal(400)
    expect((await resolved(bob, q.id, {settled_by: settling.id})).status).to.equal(200)
    expect(await closed(q.id)).to.equal(true)
  })

  it('keeps a thread closed by the delegate\'s evidenced report after the grant ends: the report is judged by the grant in force when it was posted', async () => {
    const m = await olga.postMessage('room', {body: 'write the report', status: 'open'})
    await resolved(dora, m.id, {evidence: [PLAN, REPORT]})
    t += 1
    await h.admin.ok('DELETE', '/admin/delegation/dora')
    t += 30 * 86400
    expect(await closed(m.id)).to.equal(true)
  })

  it('does not count an evidenced report the seat posted before it held the grant', async () => {
    await h.admin.ok('DELETE', '/admin/delegation/dora')
    const m = await olga.postMessage('room', {body: 'write the report', status: 'open'})
    await resolved(dora, m.id, {evidence: [PLAN, REPORT]})
    t += 1
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'dora', powers: ['reporting']})
    expect(await closed(m.id)).to.equal(false)
  })

  it('refuses the delegate\'s evidenced report without a plan: row, or citing only its own work while peers are in the room (403, nothing posted)', async () => {
    const m = await olga.postMessage('room', {body: 'write the report', status: 'open'})
    const before = (await olga.history('room')).length
    const noPlan = await resolved(dora, m.id, {evidence: [REPORT]})
    expect(noPlan.status).to.equal(403)
    expect(noPlan.body.detail).to.contain("cites the plan it followed: write a plan:<slug> row in 'room'")
    await dora.ok('PUT', '/channels/room/fs/out/mine.md', {content: 'my own summary'})
    const ownOnly = await resolved(dora, m.id, {evidence: [PLAN, {kind: 'fs', ref: 'out/mine.md'}]})
    expect(ownOnly.status).to.equal(403)
    expect(ownOnly.body.detail).to.match(/^with peers in 'room' \(.*bob.*\), a completion report also cites an artifact one of them authored/)
    expect((await olga.history('room')).length).to.equal(before + 1)
    expect(await closed(m.id)).to.equal(false)
    expect((await resolved(dora, m.id, {evidence: [PLAN, REPORT]})).status).to.equal(200)
    expect(await closed(m.id)).to.equal(true)
  })
})
