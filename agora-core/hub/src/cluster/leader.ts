import type pg from 'pg'

/** Session advisory lock key held by the one hub process that runs the timed sweeps. */
export const SWEEP_LOCK = 0x61676f7202

/**
 * Sweep leadership across hub processes on one PostgreSQL database: the process whose dedicated
 * session holds `pg_try_advisory_lock(SWEEP_LOCK)` runs the sweeps. The lock lives as long as
 * that session, so a process that dies (even kill -9) releases it when PostgreSQL notices the
 * closed connection, and the next process to ask takes over.
 */
export class SweepLeader {
  private client: pg.Client | null = null
  private held = false
  private asking: Promise<boolean> | null = null
  private stopped = false

  constructor(private readonly connect: () => Promise<pg.Client>) {}

  /** True when this process holds leadership now (taking it when free). */
  isLeader(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false)
    if (this.held && this.client) return Promise.resolve(true)
    this.asking ??= this.ask().finally(() => { this.asking = null })
    return this.asking
  }

  private async ask(): Promise<boolean> {
    try {
      if (!this.client) {
        const c = await this.connect()
        c.on('error', () => { /* 'end' follows */ })
        c.on('end', () => {
          if (this.client === c) {
            this.client = null
            this.held = false
          }
        })
        this.client = c
      }
      const r = await this.client.query<{ok: boolean | number}>(`SELECT pg_try_advisory_lock(${SWEEP_LOCK}) AS ok`)
      this.held = r.rows[0]?.ok === true || r.rows[0]?.ok === 1
      return this.held
    } catch {
      this.held = false
      return false
    }
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.held = false
    const c = this.client
    this.client = null
    await c?.end().catch(() => undefined)
  }
}
