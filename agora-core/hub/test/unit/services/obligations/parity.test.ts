import {expect} from 'chai'
import fc from 'fast-check'
import {openStorage} from '../../../../src/db/open-storage.js'
import type {OpenedStorage} from '../../../../src/db/open-storage.js'
import {createCtx} from '../../../../src/services/kernel/index.js'
import type {Ctx} from '../../../../src/services/kernel/index.js'
import {Caller, TestHub} from '../../../helpers/hub.js'
import {MEASURED, PEERS, ROOMS, seedObligations} from '../../../../bench/seed-obligations.js'
import {referenceInbox, referenceOwed} from './reference.js'
import {memoCounts} from '../../../../src/services/obligations/answer-memo.js'

/** A clock the test moves: the hub and the reference read the same instant, so `escalated` and `to_close` agree. */
const clock = {t: 1_800_000_000.25}
const TO_CLOSE_MIN_AGE = 300

/** A second context on the hub's own database, with cold caches: the reference reads through it. */
async function referenceCtx(h: TestHub): Promise<{ctx: Ctx; opened: OpenedStorage}> {
  const opened = await openStorage(h.dbPath)
  const ctx = createCtx({db: h.dbPath, host: '127.0.0.1', port: 0, adminKey: 'unused', ratePerMinute: 60, writeRatePerMinute: 60,
    writeBurst: 10, toCloseMinAge: TO_CLOSE_MIN_AGE, notifyDir: null, voteSweepMs: 3_600_000, darkSweepMs: 3_600_000, now: () => clock.t}, opened.storage)
  await ctx.cache.load()
  return {ctx, opened}
}

/**
 * Each seat's /owed and /inbox from the hub (asked twice: cold and warm caches) equal the reference's text.
 * The warm asks are answered from the answer memo (answer-memo.ts), on both adapters: with nothing written
 * since the cold ask most are served from it (a background write, a presence beat on PostgreSQL, may cost a
 * computation), so what the memo kept from an earlier step is compared to the reference too.
 */
async function expectParity(h: TestHub, seats: Caller[], label: string): Promise<void> {
  const {ctx, opened} = await referenceCtx(h)
  let warmServed = 0
  try {
    for (const s of seats) {
      const owed = await referenceOwed(ctx, s.id)
      const inbox = await referenceInbox(ctx, s.id)
      for (const round of ['cold', 'warm']) {
        const served = memoCounts.served
        const o = await s.get('/owed')
        expect(o.status, o.text).to.equal(200)
        expect(o.text, `${label}: /owed of ${s.id} (${round})`).to.equal(owed)
        const i = await s.get('/inbox')
        expect(i.status, i.text).to.equal(200)
        expect(i.text, `${label}: /inbox of ${s.id} (${round})`).to.equal(inbox)
        if (round === 'warm') warmServed += memoCounts.served - served
      }
    }
  } finally {
    await opened.close()
  }
  expect(warmServed, `${label}: warm asks served from the answer memo`).to.be.at.least(seats.length)
}

/** One generated step of a room's life; indices pick seats and earlier messages modulo what exists. */
type Step =
  | {op: 'ask'; by: number; room: number; status: 'open' | 'blocked'; to: number[]; asks: Array<{to: number[]; assignee: number | null}>; critical: boolean}
  | {op: 'reply'; by: number; target: number; status: 'reply' | 'resolved' | 'fyi'; answers: number[]; declines: number[]; to: number[]}
  | {op: 'read'; by: number; target: number}
  | {op: 'ack'; by: number; room: number; back: number}
  | {op: 'retract'; target: number}
  | {op: 'claim'; by: number; target: number; done: boolean}
  | {op: 'time'; seconds: number}
  | {op: 'grant'; to: number}
  | {op: 'role'; who: number; operator: boolean}
  | {op: 'check'}

const seat = fc.nat({max: 3})
const seatList = fc.uniqueArray(seat, {maxLength: 3})
const step: fc.Arbitrary<Step> = fc.oneof(
  {weight: 4, arbitrary: fc.record({op: fc.constant('ask' as const), by: seat, room: fc.nat({max: 1}), status: fc.constantFrom('open' as const, 'blocked' as const),
    to: seatList, asks: fc.array(fc.record({to: seatList, assignee: fc.option(seat)}), {maxLength: 3}), critical: fc.boolean()})},
  {weight: 5, arbitrary: fc.record({op: fc.constant('reply' as const), by: seat, target: fc.nat(), status: fc.constantFrom('reply' as const, 'resolved' as const, 'fyi' as const),
    answers: fc.uniqueArray(fc.nat({max: 2}), {maxLength: 3}), declines: fc.uniqueArray(fc.nat({max: 2}), {maxLength: 2}), to: seatList})},
  {weight: 2, arbitrary: fc.record({op: fc.constant('read' as const), by: seat, target: fc.nat()})},
  {weight: 1, arbitrary: fc.record({op: fc.constant('ack' as const), by: seat, room: fc.nat({max: 1}), back: fc.nat({max: 3})})},
  {weight: 1, arbitrary: fc.record({op: fc.constant('retract' as const), target: fc.nat()})},
  {weight: 1, arbitrary: fc.record({op: fc.constant('claim' as const), by: seat, target: fc.nat(), done: fc.boolean()})},
  {weight: 1, arbitrary: fc.record({op: fc.constant('time' as const), seconds: fc.constantFrom(10, 400, 3700)})},
  {weight: 1, arbitrary: fc.record({op: fc.constant('grant' as const), to: seat})},
  {weight: 1, arbitrary: fc.record({op: fc.constant('role' as const), who: fc.integer({min: 1, max: 3}), operator: fc.boolean()})},
  // Mid-world comparisons ask the same seats again after later steps: what the hub kept from the last answer must not show.
  {weight: 2, arbitrary: fc.constant({op: 'check' as const})},
)

interface Posted {id: string; channel: number; seq: number; sender: number; asks: number}

/** Seat indices in each generated room: seat 0 (an operator) owns room 0 with everyone; seat 1 owns room 1 with seats 0 and 2. */
const MEMBERS = [[0, 1, 2, 3], [1, 0, 2]]

/**
 * Play the steps through the HTTP API. Steps are steered toward posts the hub accepts (members only, no
 * self-addressing, answers only to asks that exist); the odd refusal left is part of the world: it changes nothing.
 */
async function play(h: TestHub, seats: Caller[], rooms: string[], steps: Step[]): Promise<void> {
  const posted: Posted[] = []
  const pick = (n: number): Posted | undefined => posted.length ? posted[n % posted.length] : undefined
  const member = (room: number, n: number): number => MEMBERS[room]![n % MEMBERS[room]!.length]!
  const names = (room: number, by: number, xs: number[]): string[] =>
    [...new Set(xs.map(x => member(room, x)).filter(x => x !== by))].map(x => seats[x]!.id)
  const post = async (by: number, room: number, msg: Record<string, unknown>, asks = 0) => {
    clock.t += 1.5
    const r = await seats[by]!.post(`/channels/${encodeURIComponent(rooms[room]!)}/messages`, msg)
    if (r.status < 300) posted.push({id: r.body.id, channel: room, seq: r.body.seq, sender: by, asks})
  }
  for (const s of steps) {
    if (s.op === 'ask') {
      const by = member(s.room, s.by)
      const asks = s.asks.map((a, i) => {
        const assignee = a.assignee === null ? null : member(s.room, a.assignee)
        const to = names(s.room, by, a.to)
        return {id: String(i + 1), text: `ask ${i + 1}`, ...(to.length ? {to} : {}), ...(assignee === null || assignee === by ? {} : {assignee: seats[assignee]!.id})}
      })
      await post(by, s.room, {title: `q${posted.length}`, body: `question ${posted.length}`, status: s.status, to: names(s.room, by, s.to),
        ...(s.critical && by === 0 ? {critical: true} : {}), ...(asks.length ? {data: {asks}} : {})}, asks.length)
    } else if (s.op === 'reply') {
      const t = pick(s.target)
      if (!t) continue
      const by = member(t.channel, s.by)
      const data: Record<string, unknown> = {}
      const answerable = t.asks > 0 && by !== t.sender && s.status !== 'fyi'
      const answers = answerable ? s.answers.filter(a => a < t.asks) : []
      const declines = answerable ? s.declines.filter(a => a < t.asks && answers.includes(a)) : []
      if (answers.length) data.answers = answers.map(a => String(a + 1))
      if (declines.length) data.declines = declines.map(a => String(a + 1))
      await post(by, t.channel, {status: s.status, reply_to: t.id, body: `re ${t.seq}`, to: names(t.channel, by, s.to), ...(Object.keys(data).length ? {data} : {})})
    } else if (s.op === 'read') {
      const t = pick(s.target)
      if (t) await seats[member(t.channel, s.by)]!.get(`/channels/${encodeURIComponent(rooms[t.channel]!)}/messages/${t.id}`)
    } else if (s.op === 'ack') {
      const head = posted.filter(p => p.channel === s.room).at(-1 - s.back)
      if (head) await seats[member(s.room, s.by)]!.post('/inbox/ack', {cursors: {[rooms[s.room]!]: head.seq}})
    } else if (s.op === 'retract') {
      const t = pick(s.target)
      if (t) await seats[t.sender]!.post(`/channels/${encodeURIComponent(rooms[t.channel]!)}/messages/${t.id}/retract`, {})
    } else if (s.op === 'claim') {
      const t = pick(s.target)
      const by = t ? member(t.channel, s.by) : 0
      if (t) await seats[by]!.put(`/channels/${encodeURIComponent(rooms[t.channel]!)}/store/claim:c${t.seq}`,
        {value: {owner: seats[by]!.id, status: s.done ? 'done' : 'doing', source_message_id: t.id}})
    } else if (s.op === 'time') {
      clock.t += s.seconds
    } else if (s.op === 'role') {
      await h.admin.put(`/agents/${encodeURIComponent(seats[s.who]!.id)}/role`, {operator: s.operator})
    } else if (s.op === 'check') {
      await expectParity(h, seats, `mid-world after ${posted.length} posts`)
    } else if (s.to !== 0) {
      await h.admin.put('/admin/delegation', {agent_id: seats[s.to]!.id, powers: ['reporting'], scope: rooms[0]})
    }
  }
}

describe('/owed and /inbox fast paths against the plain reference computation', function () {
  this.timeout(600_000)
  let h: TestHub
  before(async () => { h = await TestHub.start({now: () => clock.t, toCloseMinAge: TO_CLOSE_MIN_AGE, ratePerMinute: 6_000_000, writeRatePerMinute: 6_000_000}) })
  after(async () => { await h?.close() })

  it('answers the bench world (seed-obligations.ts, full cursor windows) byte for byte as the reference does, for every seat', async () => {
    const poster = await h.register('poster')
    const keys: Record<string, Caller> = {[MEASURED]: await h.register(MEASURED)}
    for (const p of PEERS) keys[p] = await h.register(p)
    for (const room of ROOMS) await h.channel(poster, room, Object.values(keys))
    for (const room of ROOMS) {
      for (let i = 0; i < 110; i++) { clock.t += 0.5; await poster.postMessage(room, {body: `filler ${i}`, status: 'fyi'}) }
    }
    const n = await seedObligations(async (who, room, msg) => { clock.t += 0.5; return keys[who]!.postMessage(room, msg as Record<string, unknown>) })
    expect(n).to.be.greaterThan(700)
    await expectParity(h, Object.values(keys), 'bench world')
    clock.t += 3 * 3600 // past every response window: escalated rows sort first
    await expectParity(h, [keys[MEASURED]!, keys[PEERS[2]!]!], 'bench world, escalated')
    // What the hub kept from those answers must not outlive a change to the rows behind them.
    const ops = await poster.history(ROOMS[0]!, 0, 40)
    await poster.ok('POST', `/channels/${ROOMS[0]}/messages/${ops[20].id}/retract`, {})
    await expectParity(h, [keys[MEASURED]!], 'bench world, a window row retracted')
    await h.admin.ok('PUT', '/agents/poster/role', {operator: true})
    await expectParity(h, [keys[MEASURED]!], 'bench world, the filler sender made an operator')
    await keys[MEASURED]!.ok('POST', '/inbox/ack', {cursors: {[ROOMS[1]!]: ops[30].seq}})
    await expectParity(h, [keys[MEASURED]!], 'bench world, a cursor moved')
  })

  it('answers generated worlds (asks, replies, reads, acks, retractions, claims, grants, roles, time), asked again between steps, as the reference does', async () => {
    let world = 0
    await fc.assert(fc.asyncProperty(fc.array(step, {minLength: 20, maxLength: 60, size: 'max'}), async (steps) => {
      world++
      const seats = [await h.register(`w${world}-op`, {operator: true})]
      for (let i = 1; i < 4; i++) seats.push(await h.register(`w${world}-s${i}`))
      const rooms = [`w${world}-a`, `w${world}-b`]
      await h.channel(seats[0]!, rooms[0]!, seats.slice(1))
      await h.channel(seats[1]!, rooms[1]!, [seats[0]!, seats[2]!])
      await play(h, seats, rooms, steps)
      for (let i = 1; i < 4; i++) await h.admin.put(`/agents/${encodeURIComponent(seats[i]!.id)}/role`, {operator: false})
      await expectParity(h, seats, `world ${world}`)
      for (let i = 1; i < 4; i++) await h.admin.del(`/admin/delegation/${encodeURIComponent(seats[i]!.id)}`)
    }), {numRuns: Number(process.env.PARITY_RUNS ?? 25)})
  })
})
