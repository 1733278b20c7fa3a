import type {Knex} from 'knex'
import type {Ctx} from '../services/kernel/index.js'
import type {PresenceShare, SharedSeat} from '../services/presence/index.js'

/** Default heartbeat of a hub process on PostgreSQL; its seats expire PRESENCE_BEATS_TTL beats after its last one. */
export const PRESENCE_BEAT_MS = 10_000
export const PRESENCE_BEATS_TTL = 3

/** A seat as one other process holds it, and which process that is (its beat decides whether it counts). */
type Held = SharedSeat & {origin: string}

interface Row {origin: string; agent_id: string; connections: number; state: SharedSeat['state']; state_at: number;
  reception_at: number | null; seen_at: number; beat_at: number}

/**
 * Presence shared by the hub processes on one PostgreSQL database.
 *
 * Why a table and not NOTIFY alone: a process that starts (or re-makes its event connection) must
 * learn who is connected elsewhere now, and a process killed with SIGKILL announces nothing. So
 * each process writes its own seats to `presence` (one row per seat it holds, one statement per
 * flush, no write lock: no other process writes these rows) and beats in `hub_processes`; a
 * process's rows count only while its beat is younger than PRESENCE_BEATS_TTL beats, so a dead
 * process's seats go offline within that expiry with no one cleaning up. The reads presence serves
 * stay synchronous and in memory: each process mirrors the others' live rows, re-read when their
 * trigger announces a change (cluster/triggers.ts: connections and declared states are flushed at
 * once) and at every beat of its own (last calls and reception heartbeats ride the beat).
 */
export class PgPresence implements PresenceShare {
  private others = new Map<string, Held[]>()
  private beats = new Map<string, number>()
  private readonly soon = new Set<string>()
  private readonly later = new Set<string>()
  private seenFlushed = 0
  private writing: Promise<void> = Promise.resolve()
  /** Set when this process's shared rows may be gone or stale: the next beat rewrites every seat it holds. */
  private rewriteAll = false
  private flushQueued = false
  private reading: Promise<void> | null = null
  private readAgain = false
  private timer: NodeJS.Timeout | null = null
  private stopped = false
  readonly ttl: number

  constructor(private readonly ctx: Ctx, private readonly knex: Knex, private readonly origin: string,
    private readonly beatMs: number, private readonly log: (line: string) => void = line => process.stderr.write(`${line}\n`)) {
    this.ttl = (beatMs * PRESENCE_BEATS_TTL) / 1000
  }

  async start(): Promise<void> {
    await this.beat()
    this.timer = setInterval(() => { void this.beat().catch((err: Error) => this.log(`agora hub: presence heartbeat failed: ${err.message}`)) }, this.beatMs)
    this.timer.unref()
  }

  elsewhere(agent: string): SharedSeat[] {
    const list = this.others.get(agent)
    if (!list) return []
    const now = this.ctx.now()
    return list.filter(s => now - (this.beats.get(s.origin) ?? 0) <= this.ttl)
  }

  changed(agent: string, soon: boolean): void {
    if (this.stopped) return
    if (!soon) {
      this.later.add(agent)
      return
    }
    this.soon.add(agent)
    if (this.flushQueued) return
    this.flushQueued = true
    void this.enqueue(() => {
      this.flushQueued = false
      return this.flush(false)
    })
  }

  /**
   * The event connection was re-made: the server may have restarted, and after a crash PostgreSQL empties
   * UNLOGGED tables (presence, hub_processes), so the next beat writes every seat again.
   */
  resynced(): void {
    this.rewriteAll = true
    void this.reload()
  }

  /** Another process's seats changed (its trigger's event) or the event connection was re-made: re-read, coalesced. */
  reload(): Promise<void> {
    if (this.reading) {
      this.readAgain = true
      return this.reading
    }
    this.reading = (async () => {
      try {
        do {
          this.readAgain = false
          await this.read()
        } while (this.readAgain && !this.stopped)
      } catch (err) {
        this.log(`agora hub: reading presence failed: ${(err as Error).message}`)
      } finally {
        this.reading = null // in the same turn as the last check of readAgain: no request falls in between
      }
    })()
    return this.reading
  }

  /** Flushes are chained: a later snapshot of a seat never lands before an earlier one. */
  private enqueue(job: () => Promise<void>): Promise<void> {
    this.writing = this.writing.then(job).catch((err: Error) => {
      this.rewriteAll = true // the changes it carried are not written: the next beat writes them all
      this.log(`agora hub: sharing presence failed: ${err.message}`)
    })
    return this.writing
  }

  /** Write this process's seats that changed; at a beat, also every seat called since the last beat. */
  private async flush(beat: boolean): Promise<void> {
    const agents = new Set(this.soon)
    this.soon.clear()
    if (beat) {
      if (this.rewriteAll) {
        this.rewriteAll = false
        for (const a of this.ctx.presence.localSeats()) agents.add(a)
      }
      for (const a of this.later) agents.add(a)
      this.later.clear()
      const since = this.seenFlushed
      this.seenFlushed = this.ctx.now()
      for (const [a, at] of this.ctx.lastSeen) if (at >= since) agents.add(a)
    }
    if (agents.size === 0) return
    const rows = [...agents].map(a => {
      const s = this.ctx.presence.local(a)
      return {a, n: s?.connections ?? 0, s: s?.state ?? 'offline', t: s?.updatedAt ?? 0, r: s?.receptionAt ?? null, l: this.ctx.lastSeen.get(a) ?? 0}
    })
    await this.knex.raw(`INSERT INTO presence (origin, agent_id, connections, state, state_at, reception_at, seen_at)
      SELECT ?, r.a, r.n, r.s, r.t, r.r, r.l FROM json_to_recordset(CAST(? AS json)) AS r(a text, n int, s text, t float8, r float8, l float8)
      ON CONFLICT (origin, agent_id) DO UPDATE SET connections = EXCLUDED.connections, state = EXCLUDED.state,
        state_at = EXCLUDED.state_at, reception_at = EXCLUDED.reception_at, seen_at = EXCLUDED.seen_at`, [this.origin, JSON.stringify(rows)])
  }

  /** Prove this process alive, share what rode the beat, drop long-dead processes' rows, re-read the others. */
  private async beat(): Promise<void> {
    if (this.stopped) return
    const now = this.ctx.now()
    await this.knex.raw(`INSERT INTO hub_processes (origin, beat_at) VALUES (?, ?)
      ON CONFLICT (origin) DO UPDATE SET beat_at = EXCLUDED.beat_at`, [this.origin, now])
    await this.enqueue(() => this.flush(true))
    // Rows of processes silent for ten expiries are only clutter by now (they stopped counting long ago).
    const gone = now - 10 * this.ttl
    await this.knex.raw('DELETE FROM presence WHERE origin IN (SELECT origin FROM hub_processes WHERE beat_at < ?)', [gone])
    await this.knex.raw('DELETE FROM hub_processes WHERE beat_at < ?', [gone])
    await this.reload()
  }

  private async read(): Promise<void> {
    const rows = (await this.knex.raw(`SELECT p.origin, p.agent_id, p.connections, p.state, p.state_at, p.reception_at, p.seen_at, h.beat_at
      FROM presence p JOIN hub_processes h ON h.origin = p.origin WHERE p.origin <> ? AND h.beat_at >= ?`,
    [this.origin, this.ctx.now() - this.ttl]) as {rows: Row[]}).rows
    const others = new Map<string, Held[]>()
    const beats = new Map<string, number>()
    for (const r of rows) {
      beats.set(r.origin, r.beat_at)
      const seat: Held = {origin: r.origin, connections: r.connections, state: r.state, updatedAt: r.state_at, receptionAt: r.reception_at, seenAt: r.seen_at}
      const list = others.get(r.agent_id)
      if (list) list.push(seat)
      else others.set(r.agent_id, [seat])
    }
    this.others = others
    this.beats = beats
  }

  /** A clean stop takes this process's seats out at once (a crash leaves them to expire). */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    await this.writing
    await this.reading
    await this.knex.raw('DELETE FROM presence WHERE origin = ?', [this.origin]).catch(() => undefined)
    await this.knex.raw('DELETE FROM hub_processes WHERE origin = ?', [this.origin]).catch(() => undefined)
  }
}
