// Presence shared by hub processes on one PostgreSQL database: real hub processes (one of them in
// this process, so its sweeps can be run on demand), real WebSockets, one throw-away cluster.
import {expect} from 'chai'
import {exactly} from '../../../../test/helpers/present.js'
import pg from 'pg'
import {createHub} from '../../src/index.js'
import type {Hub} from '../../src/index.js'
import {ADMIN_KEY, Caller} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'
import {freshDatabase} from '../helpers/pg-cluster.js'
import {until} from '../helpers/until.js'
import {spawnHub} from '../helpers/hub-process.js'
import type {HubProcess} from '../helpers/hub-process.js'

/** A short heartbeat keeps the suite quick: a process's seats expire three beats (750 ms) after its last one. */
const BEAT_MS = 250

/** An operator seat's key per hub database: operators see every seat's presence. */
const operators = new Map<string, string>()

async function row(url: string, agent: string): Promise<{state: string; updated_at: number}> {
  const r = await new Caller(url, 'olga', operators.get(url) as string).get(`/presence/${agent}`)
  expect(r.status, r.text).to.equal(200)
  return r.body as {state: string; updated_at: number}
}

async function state(url: string, agent: string): Promise<string> {
  return (await row(url, agent)).state
}

/** The fleet sweep's guard: each seat it last saw live, and when (the sweep's own clock). */
async function lastLive(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({connectionString: url})
  await c.connect()
  try {
    const r = await c.query<{value: string}>("SELECT value FROM meta WHERE key = 'sweep:fleet'")
    return r.rows[0] ? (JSON.parse(r.rows[0].value) as {last_live: Record<string, number>}).last_live : {}
  } finally { await c.end() }
}

describe('presence across hub processes on one PostgreSQL database', function () {
  this.timeout(120_000)
  let children: HubProcess[] = []
  let local: Hub | null = null
  const sockets: WsSeat[] = []
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.ws.terminate()
    for (const h of children) await h.stop()
    children = []
    await local?.close()
    local = null
  })

  /** Register `id` (and, once per database, the operator olga, whose key every listed url reads presence with). */
  async function seat(url: string, id: string, also: string[] = []): Promise<string> {
    const admin = new Caller(url, 'admin', ADMIN_KEY)
    const olga = (await admin.ok('POST', '/agents', {id: 'olga', operator: true})).api_key as string
    for (const u of [url, ...also]) operators.set(u, olga)
    return (await admin.ok('POST', '/agents', {id})).api_key as string
  }

  it('shows a seat connected only to process B as online on process A, with the state it declared there, and offline once B is killed -9', async () => {
    const db = await freshDatabase('presence')
    const opts = {db, adminKey: ADMIN_KEY, voteSweepMs: 3_600_000, presenceBeatMs: BEAT_MS}
    children = await Promise.all([spawnHub(opts), spawnHub(opts)])
    const [a, b] = exactly(children, 2)
    const key = await seat(a.url, 'carol', [b.url])
    expect(await state(a.url, 'carol')).to.equal('offline')
    const ws = await WsSeat.connect(b.url, key)
    sockets.push(ws)
    await until('A to see carol connected to B', async () => (await state(a.url, 'carol')) === 'idle')
    ws.send({type: 'presence', state: 'working'})
    await until('A to see the state carol declared on B', async () => (await state(a.url, 'carol')) === 'working')
    const listed = await new Caller(a.url, 'olga', operators.get(a.url) as string).get('/presence')
    expect((listed.body as Array<{agent_id: string; state: string}>).find(r => r.agent_id === 'carol')?.state).to.equal('working')
    // Three beats of B (750 ms) later it is still there: B's heartbeat keeps its seats alive.
    await new Promise(r => setTimeout(r, 4 * BEAT_MS))
    expect(await state(a.url, 'carol')).to.equal('working')
    await b.kill9()
    const killedAt = Date.now()
    await until('carol to go offline on A after B died', async () => (await state(a.url, 'carol')) === 'offline')
    // Reported, not asserted (a loaded box stretches it): the expiry is three beats after B's last one.
    process.stderr.write(`      (carol went offline on A ${Date.now() - killedAt} ms after B was killed; expiry ${3 * BEAT_MS} ms after its last beat)\n`)
  })

  it('takes a cleanly stopped process\'s seats out at once, and counts a seat connected to both until it leaves both', async () => {
    const db = await freshDatabase('presence-stop')
    const opts = {db, adminKey: ADMIN_KEY, voteSweepMs: 3_600_000, presenceBeatMs: 60_000}
    children = await Promise.all([spawnHub(opts), spawnHub(opts)])
    const [a, b] = exactly(children, 2)
    const key = await seat(a.url, 'dave', [b.url])
    const onA = await WsSeat.connect(a.url, key)
    const onB = await WsSeat.connect(b.url, key)
    sockets.push(onA, onB)
    await until('B to see dave', async () => (await state(b.url, 'dave')) === 'idle')
    // A has read B's row once it answers with B's (newer) connect time rather than its own.
    const viaB = await row(b.url, 'dave')
    await until('A to read B\'s row', async () => (await row(a.url, 'dave')).updated_at === viaB.updated_at)
    onA.ws.close()
    await onA.waitClose()
    await new Promise(r => setTimeout(r, 300))
    // Still connected to B: A sees the seat online through B's row, though its own socket is gone.
    expect(await state(a.url, 'dave')).to.equal('idle')
    await b.stop() // a clean stop deletes B's rows now: no 3-minute expiry (beat 60 s) to wait for
    // dave's WS upgrade on A was its last call there, so A answers 'active' (a call within 10 min), no longer 'idle'.
    await until('A to drop B\'s seats', async () => (await state(a.url, 'dave')) === 'active', 10_000)
  })

  it('lets the sweep leader count a seat connected to another process as live, and not once that process is killed -9', async () => {
    const db = await freshDatabase('presence-sweep')
    local = await createHub({db, host: '127.0.0.1', port: 0, adminKey: ADMIN_KEY, voteSweepMs: 3_600_000, darkSweepMs: 3_600_000, presenceBeatMs: BEAT_MS})
    const key = await seat(local.url, 'erin')
    // The in-process hub sweeps first, so it holds the sweep lock for the rest of the test.
    expect((await local.runSweeps(['fleet'])).reason).to.not.equal('not-leader')
    expect(await lastLive(db)).to.not.have.property('erin')
    const b = await spawnHub({db, adminKey: ADMIN_KEY, voteSweepMs: 3_600_000, presenceBeatMs: BEAT_MS})
    children = [b]
    sockets.push(await WsSeat.connect(b.url, key))
    await until('the leader to see erin on B', async () => (await state(local!.url, 'erin')) === 'idle')
    await local.runSweeps(['fleet'])
    const seen = (await lastLive(db)).erin
    expect(seen).to.be.a('number')
    await b.kill9()
    await until('erin to go offline on the leader', async () => (await state(local!.url, 'erin')) === 'offline')
    await new Promise(r => setTimeout(r, 50))
    await local.runSweeps(['fleet'])
    // Not live any more: the guard keeps the last time it was seen live instead of this pass's time.
    expect((await lastLive(db)).erin).to.equal(seen)
  })

  it('refuses presenceBeatMs on a SQLite hub, naming what it is for', async () => {
    let err: Error | null = null
    try {
      local = await createHub({db: ':memory:', host: '127.0.0.1', port: 0, adminKey: ADMIN_KEY, presenceBeatMs: 1000})
    } catch (e) { err = e as Error }
    expect(err?.message).to.match(/presenceBeatMs.*PostgreSQL/)
  })
})
