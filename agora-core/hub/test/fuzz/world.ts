// The fuzz world: one scratch hub with a fixed cast, a request runner that enforces the
// properties every hostile request must keep, and the end-of-run ledger check.
//
// Run size: each property has a default number of cases; FC_RUNS is a MULTIPLIER applied to every
// property's default (FC_RUNS=10 runs ten times as many; 0.1 a tenth, at least 1 each).
// FC_SEED replaces the fixed seed, so a failure seen once replays with the same seed.
import {expect} from 'chai'
import fc from 'fast-check'
import {ledgerHash, parseJsonLossless, turnPayload, verifyLedger} from '@agora/protocol'
import type {LedgerReport} from '@agora/protocol'
import {type HubOptions, rawCall, type Reply, TestHub} from '../helpers/hub.js'
import {changedTables, databaseDump, type Dump} from '../helpers/dump.js'
import {readRows} from '../helpers/db-read.js'
import {turnHash, verifyIndependently} from '../helpers/ledger.js'
import {the} from '../../../../test/helpers/present.js'

export const SEED = Number(process.env.FC_SEED ?? 20261201)
export const RUNS = Number(process.env.FC_RUNS ?? 1)

/** fast-check parameters for one property whose default size is `n` cases. */
export function params<T>(n: number): fc.Parameters<T> {
  return {seed: SEED, numRuns: Math.max(1, Math.round(n * RUNS)), interruptAfterTimeLimit: 240_000, markInterruptAsFailure: false}
}

export type Who = 'alice' | 'bob' | 'carol' | 'olga' | 'victim' | 'admin' | 'none'

export interface Req {
  as: Who
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  path: string
  body?: Buffer
  headers?: Record<string, string>
}

/** How a request reads in a counterexample: the body as text, invalid bytes shown as U+FFFD. */
export function show(r: Req): string {
  const raw = r.body === undefined ? '' : ' ' + (r.body.equals(Buffer.from(r.body.toString('utf8'), 'utf8')) ? r.body.toString('utf8')
    : `<bytes, not UTF-8: ${r.body.toString('latin1')}>`)
  // Deep nesting reads as its depth, so a shrunk counterexample says how deep was too deep.
  const text = raw.replace(/(\{"a":){8,}/g, (m) => `{"a":…×${m.length / 5}…`).replace(/\[{8,}/g, (m) => `[…×${m.length}…`)
    .replace(/\}{8,}/g, (m) => `…}×${m.length}`).replace(/\]{8,}/g, (m) => `…]×${m.length}`)
  return `${r.as} ${r.method} ${r.path}${text.length > 300 ? text.slice(0, 300) + `… (${r.body!.length} bytes)` : text}`
}

const ANSWER_MS = 15_000

export class World {
  readonly keys = new Map<string, string>()
  /** Answers per status and route shape, printed with FUZZ_STATS=1 to see what a run exercised. */
  readonly stats = new Map<string, number>()
  private clean: Dump | undefined
  /** Turns per channel already checked by newTurnsVerify, so a break is blamed once, on the case that wrote it. */
  private checkedTurns = new Map<string, number>()

  private constructor(readonly h: TestHub) {}

  /**
   * alice owns private `room` (bob a member) and public `pub`; olga is an operator; carol is an
   * outsider; victim exists to be blocked, demoted and delegated to, so the cast keeps working.
   */
  static async start(hub: HubOptions = {}): Promise<World> {
    const h = await TestHub.start({ratePerMinute: 1_000_000, ...hub})
    const w = new World(h)
    for (const id of ['alice', 'bob', 'carol', 'victim']) w.keys.set(id, (await h.register(id)).key!)
    w.keys.set('olga', (await h.register('olga', {operator: true})).key!)
    w.keys.set('admin', h.admin.key!)
    await w.must('alice', 'POST', '/channels', {name: 'room', private: true})
    const inv = await w.must('alice', 'POST', '/channels/room/invites', {agent_id: 'bob'})
    await w.must('bob', 'POST', '/channels/room/join', {invite_token: inv.invite_token})
    await w.must('alice', 'POST', '/channels', {name: 'pub', private: false})
    await w.must('bob', 'POST', '/channels/pub/join', {})
    await w.must('alice', 'POST', '/dms/bob/messages', {body: 'hello', status: 'fyi'})
    return w
  }

  /** A world over another hub that serves a copy of this one's database (a restore): same seats, same keys. */
  static over(h: TestHub, keys: Map<string, string>): World {
    const w = new World(h)
    for (const [id, key] of keys) w.keys.set(id, key)
    w.keys.set('admin', h.admin.key!)
    return w
  }

  close(): Promise<void> {
    if (process.env.FUZZ_STATS) for (const [k, n] of [...this.stats].sort()) process.stderr.write(`  ${n}\t${k}\n`)
    printTriage()
    return this.h.close()
  }

  /** A setup call that must succeed. */
  async must(who: string, method: Req['method'], path: string, value: unknown): Promise<any> {
    const r = await this.send({as: who as Who, method, path, body: Buffer.from(JSON.stringify(value))})
    if (r.status >= 300) throw new Error(`setup ${method} ${path} -> ${r.status} ${r.text.slice(0, 300)}`)
    return r.body
  }

  /** Send one request; a hub that does not answer within 15 s fails the case. */
  async send(req: Req): Promise<Reply> {
    let timer: NodeJS.Timeout | undefined
    const hung = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`the hub did not answer in ${ANSWER_MS} ms`)), ANSWER_MS) })
    try {
      return await Promise.race([rawCall(this.h.url, {
        method: req.method, path: req.path, key: req.as === 'none' ? null : (this.keys.get(req.as) ?? null),
        headers: {'x-agora-client': 'hub-fuzz', ...req.headers}, ...(req.body === undefined ? {} : {rawBody: req.body}),
      }), hung])
    } finally { clearTimeout(timer) }
  }

  /**
   * The properties every request keeps: an answer, never a 5xx, and a refusal (any 4xx, 429
   * included) leaves every table exactly as it was. The dump before a request is reused while
   * nothing was accepted in between, so refusals in a row cost one dump each.
   */
  async probe(req: Req): Promise<Reply> {
    this.clean ??= await databaseDump(this.h.dbPath)
    const r = await this.send(req)
    const shape = `${req.method} ${req.path.replace(/\?.*$/, '').split('/').slice(0, 5).map((s, i) => (i === 2 || i === 4 ? '*' : s)).join('/')} ${r.status}`
    this.stats.set(shape, (this.stats.get(shape) ?? 0) + 1)
    expect(r.status, `${r.status} ${r.text.slice(0, 300)}`).to.be.below(500)
    if (r.status >= 400) {
      const before = this.clean
      const after = await databaseDump(this.h.dbPath)
      // The next case is judged against what is there now, so one change is blamed once (in triage mode
      // the run goes on, and every later refusal would otherwise fail against the stale dump).
      this.clean = after
      expect(after.sha, `refused with ${r.status} (${r.text.slice(0, 200)}) but the database changed (${changedTables(before, after).join(', ')})`).to.equal(before.sha)
    } else {
      this.clean = undefined
    }
    return r
  }

  /** Every channel in the database (SQLite or PostgreSQL), with a member seat whose key this world holds. */
  async channelsWithReader(): Promise<Array<{channel: string; reader: string | null}>> {
    // A retired, deleted or blocked seat keeps no access (its member rows may stay), so it reads nothing for the checks.
    const rows = await readRows<{name: string; agent_id: string | null}>(this.h.dbPath, `SELECT c.name, m.agent_id FROM channels c
      LEFT JOIN members m ON m.channel = c.name AND EXISTS (SELECT 1 FROM agents a WHERE a.id = m.agent_id AND a.retired_at IS NULL AND a.deleted_at IS NULL)
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.agent_id = m.agent_id AND b.lifted_at IS NULL AND b.scope IN ('hub', m.channel))
      ORDER BY c.name, m.agent_id`)
    const readers = new Map<string, string | null>()
    for (const r of rows) {
      if (!readers.has(r.name)) readers.set(r.name, null)
      if (r.agent_id !== null && readers.get(r.name) === null && this.keys.has(r.agent_id)) readers.set(r.name, r.agent_id)
    }
    return [...readers].map(([channel, reader]) => ({channel, reader}))
  }

  /** One channel's ledger as served, parsed losslessly, checked three ways: hub, @agora/protocol, the tests' own verifier. */
  async ledger(channel: string, reader: string): Promise<LedgerReport> {
    const r = await this.send({as: reader as Who, method: 'GET', path: `/channels/${encodeURIComponent(channel)}/ledger`})
    expect(r.status, `GET ledger of ${JSON.stringify(channel)} -> ${r.text.slice(0, 200)}`).to.equal(200)
    const report = parseJsonLossless(r.text) as LedgerReport & {verified: boolean; broken_at: unknown}
    const protocol = verifyLedger(report)
    const own = verifyIndependently(report)
    expect({channel, hub: report.verified, protocol: protocol.intact, tests: own.intact, broken_at: String(report.broken_at ?? protocol.brokenAt)})
      .to.deep.equal({channel, hub: true, protocol: true, tests: true, broken_at: 'null'})
    return report
  }

  /**
   * After an accepted write: every turn added since the last check, in any channel (hub-written
   * notices included), has a hash that recomputes from the turn before it. Only new turns are
   * checked, so while fast-check shrinks, a break an earlier case left is not blamed on the next one.
   */
  async newTurnsVerify(): Promise<void> {
    const broken: string[] = []
    for (const {channel, reader} of await this.channelsWithReader()) {
      if (!reader) continue
      const r = await this.send({as: reader as Who, method: 'GET', path: `/channels/${encodeURIComponent(channel)}/ledger?verify=false`})
      expect(r.status, `GET ledger of ${JSON.stringify(channel)} -> ${r.text.slice(0, 200)}`).to.equal(200)
      const turns = (parseJsonLossless(r.text) as LedgerReport).turns
      const from = this.checkedTurns.get(channel) ?? 0
      this.checkedTurns.set(channel, turns.length)
      let prev = turns.slice(0, from).reverse().find((t) => t.hash != null)?.hash ?? ''
      for (const t of turns.slice(from)) {
        if (t.hash == null) continue
        if (t.retracted !== true) {
          let ok: boolean
          try { ok = ledgerHash(prev, turnPayload(channel, t)) === t.hash && turnHash(channel, t as never, prev) === t.hash } catch { ok = false }
          if (!ok) broken.push(`${channel}#${String(t.seq)} (${t.kind}/${t.sender}: ${JSON.stringify(t.title).slice(0, 80)})`)
        }
        prev = t.hash
      }
    }
    expect(broken, 'ledger turns written by this request whose hash does not recompute').to.deep.equal([])
  }

  /**
   * After a run: every channel's ledger verifies. A channel every known seat has left cannot be
   * read over HTTP; those are returned, and the backup check recomputes them from the rows.
   */
  async verifyAllLedgers(): Promise<{checked: number; unreadable: string[]}> {
    const all = await this.channelsWithReader()
    for (const {channel, reader} of all) if (reader) await this.ledger(channel, reader)
    return {checked: all.filter((c) => c.reader).length, unreadable: all.filter((c) => !c.reader).map((c) => c.channel)}
  }
}

/**
 * Triage mode (FUZZ_KEEP_GOING=1): a property stops at its first failure, which hides every other
 * defect behind it. In this mode failures are collected instead, grouped by route and kind, and
 * the shortest request of each group is printed when the file's world closes. Not for CI: a run
 * in this mode passes whatever it finds.
 */
const KEEP_GOING = !!process.env.FUZZ_KEEP_GOING
const triage = new Map<string, {example: string; count: number}>()

function triageKey(req: Req, err: unknown): string {
  const route = req.path.replace(/\?.*$/, '').split('/').slice(0, 5).map((s, i) => (i === 2 || i === 4 ? '*' : s)).join('/')
  const why = the(String((err as Error)?.message ?? err).split('\n'), 0).replace(/"[^"]*"|'[^']*'|\b[0-9A-Z]{26}\b|\d+/g, '…').slice(0, 160)
  return `${req.method} ${route}: ${why}`
}

export function printTriage(): void {
  if (!KEEP_GOING) return
  for (const [k, v] of [...triage].sort()) process.stderr.write(`TRIAGE ${v.count}x ${k}\n    e.g. ${v.example}\n`)
  triage.clear()
}

/** Run one async property with the suite's seed and size; the failure prints the shrunk request as text, not bytes. */
export async function check<T extends {req: Req}>(arb: fc.Arbitrary<T>, n: number, run: (v: T) => Promise<unknown>): Promise<void> {
  const readable = arb.map((c) => ({...c, [fc.toStringMethod]: () => show(c.req)}))
  const body = KEEP_GOING
    ? async (c: T) => {
      try { await run(c) } catch (err) {
        const k = triageKey(c.req, err)
        const example = show(c.req).slice(0, 400)
        const seen = triage.get(k)
        triage.set(k, {example: seen && seen.example.length <= example.length ? seen.example : example, count: (seen?.count ?? 0) + 1})
      }
    }
    : async (c: T) => { await run(c) }
  await fc.assert(fc.asyncProperty(readable, body), params<[T]>(n))
}
