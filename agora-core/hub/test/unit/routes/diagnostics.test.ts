import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {expect} from 'chai'
import {Ajv} from 'ajv'
import {ROUTES} from '@agora/protocol'
import {createHub} from '@agora/hub'
import {ADMIN_KEY, Caller, TestHub} from '../../helpers/hub.js'
import {editOutsideHub, isPostgresTarget, readRows} from '../../helpers/db-read.js'

describe('diagnostics routes', () => {
  let h: TestHub
  let olga: Caller
  let alice: Caller
  let bob: Caller
  let carol: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    olga = await h.register('olga', {operator: true})
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol', {mission: 'report on the fleet'})
    await h.channel(alice, 'room', [bob])
    await h.channel(carol, 'secret')
    await alice.postMessage('room', {body: 'one'})
    await alice.postMessage('room', {body: 'two', urgency: 'interrupt', to: ['bob']})
    await bob.postMessage('room', {body: 'three', status: 'open'})
    await carol.postMessage('secret', {body: 'hidden'})
  })
  afterEach(async () => { await h.close() })

  it('counts activity only in the caller\'s own rooms, seat posts only, busiest first', async () => {
    const s = await alice.ok('GET', '/stats/activity?hours=24')
    expect(s).to.include({hours: 24, total: 3})
    expect(s.channels.map((c: {channel: string; messages: number; senders: number}) => [c.channel, c.messages, c.senders])).to.deep.equal([['room', 3, 2]])
    expect(s.seats).to.deep.equal([{agent_id: 'alice', messages: 2}, {agent_id: 'bob', messages: 1}])
    expect((await carol.ok('GET', '/stats/activity')).seats).to.deep.equal([{agent_id: 'carol', messages: 1}])
  })

  it('serves the hub-wide noise report to operators with each sender\'s share and costly kinds', async () => {
    const n = await olga.ok('GET', '/admin/noise')
    expect(n.total).to.equal(4)
    expect(n.senders).to.deep.equal([
      {agent_id: 'alice', messages: 2, interrupts: 1, criticals: 0, opens: 0, share: 0.5},
      {agent_id: 'bob', messages: 1, interrupts: 0, criticals: 0, opens: 1, share: 0.25},
      {agent_id: 'carol', messages: 1, interrupts: 0, criticals: 0, opens: 0, share: 0.25},
    ])
    expect(n.channels.find((c: {channel: string}) => c.channel === 'room')).to.include({messages: 3})
  })

  it('serves fleet status to operators and reporting delegates, one row per live seat', async () => {
    expect((await carol.get('/status')).status).to.equal(403)
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'carol', powers: ['reporting']})
    const s = await carol.ok('GET', '/status')
    expect(s.seats.map((r: {agent_id: string}) => r.agent_id)).to.deep.equal(['alice', 'bob', 'carol', 'olga'])
    expect(s.counts.seats).to.equal(4)
    const a = s.seats.find((r: {agent_id: string}) => r.agent_id === 'alice')
    expect(a).to.include({operator: false, presence: 'active', channels: 2})
    expect(a.last_post_at).to.be.a('number')
  })

  it('answers /status and /admin/status during a pause with the pause\'s since, reason and by, in the shape @agora/protocol declares', async () => {
    await h.admin.ok('PUT', '/admin/pause', {reason: 'migrating'})
    const ajv = new Ajv({allErrors: true, strict: true, allowUnionTypes: true})
    for (const [route, answer] of [['get /status', await olga.ok('GET', '/status')], ['get /admin/status', await h.admin.ok('GET', '/admin/status')]] as const) {
      expect(answer.hub_state, route).to.deep.include({state: 'paused', reason: 'migrating', by: 'operator'})
      expect(answer.hub_state.since, route).to.be.a('number')
      expect(ajv.validate(ROUTES[route], answer), `${route}: ${ajv.errorsText()}`).to.equal(true)
    }
  })

  it('serves the admin status counts to the admin key', async () => {
    await olga.ok('POST', '/agents/bob/retire', {})
    const s = await h.admin.ok('GET', '/admin/status')
    expect(s.counts).to.include({agents: 3, operators: 1, retired: 1, deleted: 0, archived: 0})
    expect(s.db).to.include({dialect: isPostgresTarget(h.dbPath) ? 'postgres' : 'sqlite'})
    expect(s.protocol).to.equal('agora/0.4')
  })

  it('finds a healthy hub healthy, and names the channel and seq of a ledger edited outside the hub', async () => {
    await alice.post('/dms/bob', {})
    await olga.ok('POST', '/agents/bob/retire', {})
    const ok = await h.admin.ok('GET', '/admin/doctor')
    expect(ok.ok, JSON.stringify(ok.checks)).to.equal(true)
    expect(ok.checks.map((c: {name: string}) => c.name)).to.deep.equal(['operators', 'commons', 'seq', 'members', 'cache', 'hub-alerts', 'ledger'])
    const [row] = await readRows<{seq: number}>(h.dbPath, "SELECT seq FROM messages WHERE channel = 'room' AND body = 'two'")
    expect(await editOutsideHub(h.dbPath, "UPDATE messages SET body = 'edited' WHERE channel = 'room' AND body = 'two'")).to.equal(1)
    const seq = row?.seq
    const bad = await h.admin.ok('GET', '/admin/doctor')
    expect(bad.ok).to.equal(false)
    const ledger = bad.checks.find((c: {name: string}) => c.name === 'ledger')
    expect(ledger.ok).to.equal(false)
    expect(ledger.detail).to.include(`room#${seq}`)
  })

  it('keeps no request in the slow ring below the default 5 s threshold', async () => {
    expect(await h.admin.ok('GET', '/admin/slow')).to.deep.equal({threshold_ms: 5000, capacity: 50, requests: []})
  })

  describe('refusals', () => {
    it('answers 403 to seats on admin-key routes, to non-operators on noise, and to the admin key on seat stats', async () => {
      for (const path of ['/admin/status', '/admin/doctor', '/admin/slow']) {
        expect((await olga.get(path)).status, path).to.equal(403)
      }
      expect((await alice.get('/admin/noise')).status).to.equal(403)
      expect((await h.admin.get('/stats/activity')).status).to.equal(403)
      expect((await alice.get('/status')).status).to.equal(403)
    })

    it('answers 401 without a key and 422 for hours outside 1..720 or an unknown parameter', async () => {
      expect((await new Caller(h.url, 'anon', null).get('/stats/activity')).status).to.equal(401)
      for (const q of ['hours=0', 'hours=721', 'hours=1.5', 'days=2']) {
        expect((await alice.get(`/stats/activity?${q}`)).status, q).to.equal(422)
      }
      expect((await olga.get('/admin/noise?hours=0')).status).to.equal(422)
    })
  })
})

describe('GET /admin/slow', () => {
  it('keeps requests at least as slow as the threshold, newest first, without their query strings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-slow-'))
    const hub = await createHub({db: join(dir, 'hub.db'), host: '127.0.0.1', port: 0, adminKey: ADMIN_KEY, slowRequestMs: 0})
    try {
      const admin = new Caller(hub.url, 'admin', ADMIN_KEY)
      await admin.get('/agents?secret=should-not-be-logged')
      await admin.get('/healthz')
      const r = await admin.ok('GET', '/admin/slow')
      expect(r).to.include({threshold_ms: 0, capacity: 50})
      expect(r.requests.slice(0, 2).map((q: {method: string; path: string; status: number}) => [q.method, q.path, q.status]))
        .to.deep.equal([['GET', '/healthz', 200], ['GET', '/agents', 200]])
      expect(JSON.stringify(r)).not.to.include('secret')
    } finally {
      await hub.close()
      rmSync(dir, {recursive: true, force: true})
    }
  })
})
