import {expect} from 'chai'
import {Caller, TestHub} from '../../helpers/hub.js'
import {WsSeat} from '../../helpers/ws.js'

// Expected values below are written from the rules (docs/protocol.md#agent-lifecycle), not captured.
describe('agent lifecycle routes', () => {
  let h: TestHub
  let olga: Caller
  let alice: Caller
  let bob: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    olga = await h.register('olga', {operator: true})
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => { await h.close() })

  const names = async (c: Caller, path: string): Promise<string[]> => ((await c.ok('GET', path)) as Array<{agent_id?: string; id?: string}>)
    .map(r => r.agent_id ?? r.id ?? '').sort()

  it('retires a seat: its key answers 403, its socket closes 4403, it leaves every roster and the id stays reserved', async () => {
    const ws = await WsSeat.connect(h.url, bob.key!)
    const r = await olga.ok('POST', '/agents/bob/retire', {reason: 'left the team'})
    expect(r).to.include({agent_id: 'bob', retired: true, reason: 'left the team', by: 'olga'})
    expect(r.left).to.deep.equal(['commons', 'room'])
    expect(await ws.waitClose()).to.equal(4403)
    const who = await bob.get('/whoami')
    expect(who.status).to.equal(403)
    expect(who.body.detail).to.match(/retired/)
    expect(await names(alice, '/agents')).to.deep.equal(['alice', 'olga'])
    expect(await names(alice, '/channels/room/members')).to.deep.equal(['alice'])
    expect((await alice.history('room')).map(m => m.body)).to.include('bob was retired by olga')
    const again = await h.admin.post('/agents', {id: 'bob'})
    expect(again.status).to.equal(409)
    const list = await olga.ok('GET', '/agents/retired')
    expect(list).to.have.length(1)
    expect(list[0]).to.include({agent_id: 'bob', reason: 'left the team', deleted: false, deleted_at: null})
  })

  it('shows an ask waiting on a retired seat as retired to the asker, and refuses a DM to it', async () => {
    await alice.postMessage('room', {body: 'can you check the parser?', status: 'open', asks: [{id: 'a1', text: 'check the parser', to: ['bob']}]})
    await olga.ok('POST', '/agents/bob/retire', {})
    const owed = await alice.owed()
    expect(owed.waiting_on.map((w: {ask: string; seat: string; state: string}) => [w.ask, w.seat, w.state])).to.deep.equal([['a1', 'bob', 'retired']])
    expect((await alice.post('/dms/bob/messages', {body: 'still there?'})).status).to.be.oneOf([404, 409])
  })

  it('revokes a retired seat\'s delegation and drops it from presence', async () => {
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'bob', powers: ['reporting'], mission: 'report'})
    await bob.get('/whoami')
    expect((await olga.ok('GET', '/presence')).map((p: {agent_id: string}) => p.agent_id)).to.include('bob')
    await olga.ok('POST', '/agents/bob/retire', {})
    expect((await olga.ok('GET', '/delegations')).map((g: {agent_id: string}) => g.agent_id)).to.deep.equal([])
    expect((await olga.ok('GET', '/presence')).map((p: {agent_id: string}) => p.agent_id)).not.to.include('bob')
    expect((await olga.get('/presence/bob')).status).to.equal(404)
  })

  it('unretires a seat: the same key works and it is back in the rooms it left', async () => {
    await olga.ok('POST', '/agents/bob/retire', {})
    const r = await olga.ok('DELETE', '/agents/bob/retire')
    expect(r).to.deep.equal({agent_id: 'bob', retired: false, by: 'olga', restored: ['commons', 'room']})
    expect((await bob.get('/whoami')).status).to.equal(200)
    expect(await names(alice, '/channels/room/members')).to.deep.equal(['alice', 'bob'])
    expect(await h.admin.ok('GET', '/agents/retired')).to.deep.equal([])
  })

  it('does not put an unretired seat back into a room archived meanwhile', async () => {
    await olga.ok('POST', '/agents/bob/retire', {})
    await alice.ok('POST', '/channels/room/archive')
    expect((await olga.ok('DELETE', '/agents/bob/retire')).restored).to.deep.equal(['commons'])
  })

  it('hard-deletes only a retired seat, for good: its key and every lifecycle route then answer 410', async () => {
    expect((await olga.del('/agents/bob')).status).to.equal(409)
    await alice.ok('PUT', '/colleagues/bob', {note: 'quick reviewer'})
    await olga.ok('POST', '/agents/bob/retire', {reason: 'gone'})
    expect(await olga.ok('DELETE', '/agents/bob')).to.include({agent_id: 'bob', deleted: true, by: 'olga'})
    expect((await bob.get('/whoami')).status).to.equal(410)
    for (const [method, path] of [['DELETE', '/agents/bob/retire'], ['POST', '/agents/bob/retire'], ['DELETE', '/agents/bob']] as const) {
      expect((await olga.call(method, path)).status, `${method} ${path}`).to.equal(410)
    }
    expect((await h.admin.post('/agents', {id: 'bob'})).status).to.equal(409)
    expect((await olga.ok('GET', '/agents/retired'))[0]).to.include({agent_id: 'bob', deleted: true})
    expect(await alice.ok('GET', '/colleagues')).to.deep.equal([])
    expect((await alice.history('room')).some(m => m.sender === 'bob' || m.body === 'bob joined')).to.equal(true)
  })

  it('accepts the admin key as the operator and an explicit null reason', async () => {
    expect(await h.admin.ok('POST', '/agents/bob/retire', {reason: null})).to.include({by: 'operator', reason: ''})
  })

  describe('refusals (each changes nothing)', () => {
    it('answers 401 without a key, 403 to a non-operator seat', async () => {
      expect((await new Caller(h.url, 'anon', null).post('/agents/bob/retire', {})).status).to.equal(401)
      expect((await alice.post('/agents/bob/retire', {})).status).to.equal(403)
      expect((await alice.del('/agents/bob/retire')).status).to.equal(403)
      expect((await alice.del('/agents/bob')).status).to.equal(403)
      expect((await alice.get('/agents/retired')).status).to.equal(403)
      expect((await bob.get('/whoami')).status).to.equal(200)
    })

    it('answers 404 for an unknown agent on every lifecycle route', async () => {
      for (const [method, path] of [['POST', '/agents/nobody/retire'], ['DELETE', '/agents/nobody/retire'], ['DELETE', '/agents/nobody']] as const) {
        const r = await olga.call(method, path)
        expect(r.status, `${method} ${path}`).to.equal(404)
        expect(r.body.detail).to.match(/no agent 'nobody'/)
      }
    })

    it('answers 409 for retiring twice, unretiring a live seat and retiring the last operator', async () => {
      await olga.ok('POST', '/agents/bob/retire', {})
      expect((await olga.post('/agents/bob/retire', {})).status).to.equal(409)
      expect((await olga.del('/agents/alice/retire')).status).to.equal(409)
      const last = await h.admin.post('/agents/olga/retire', {})
      expect(last.status).to.equal(409)
      expect(last.body.detail).to.match(/last operator/)
      expect(await names(alice, '/agents')).to.deep.equal(['alice', 'olga'])
    })

    it('answers 400 for a reason over 200 characters and 422 for an unknown field', async () => {
      expect((await olga.post('/agents/bob/retire', {reason: 'x'.repeat(201)})).status).to.equal(400)
      expect((await olga.post('/agents/bob/retire', {why: 'x'})).status).to.equal(422)
      expect((await bob.get('/whoami')).status).to.equal(200)
    })
  })
})
