import {performance} from 'node:perf_hooks'
import type {Ctx} from '../kernel/index.js'
import {isPaused} from '../kernel/index.js'
import {Guards} from './guards.js'
import {Pass} from './pass.js'
import {SWEEPS, SWEEP_NAMES} from './registry.js'
import type {Cadence} from './registry.js'

export interface SchedulerOptions {
  /** Only the leader sweeps (PostgreSQL with several hub processes wires an advisory lock here). Default: always true. */
  isLeader?: () => Promise<boolean>
  /** Wall-clock budget of one pass in ms; seat walks stop there and resume next pass. */
  budgetMs: number
  voteSweepMs: number
  darkSweepMs: number
}

export interface SweepReport {
  /** False when the pass did not run: another process leads, or nothing was due. */
  ran: boolean
  reason?: 'not-leader'
  paused: boolean
  /** Per sweep: what it did (seats alerted, rows rung, results published), or `skipped: paused`. */
  results: Record<string, unknown>
  errors: Record<string, string>
  truncated: boolean
  ms: number
  /** Wall time per sweep, in run order. */
  sweep_ms: Record<string, number>
}

/**
 * The one scheduler that owns every hub sweep: two timers (vote cadence, watchdog cadence), passes
 * that never overlap, a leadership check before each pass, frozen while paused (the pause reminder
 * aside), and an explicit `run()` so tests drive it with an injected clock.
 */
export class Scheduler {
  private timers: NodeJS.Timeout[] = []
  private chain: Promise<unknown> = Promise.resolve()
  private readonly resume = new Map<string, number>()
  private readonly isLeader: () => Promise<boolean>

  constructor(private readonly ctx: Ctx, private readonly opts: SchedulerOptions) {
    this.isLeader = opts.isLeader ?? (async () => true)
  }

  start(): void {
    const every = (ms: number, cadence: Cadence): void => {
      const t = setInterval(() => {
        this.run({cadence}).catch(err => process.stderr.write(`agora hub: sweep pass failed: ${(err as Error).message}\n`))
      }, ms)
      t.unref()
      this.timers.push(t)
    }
    every(this.opts.voteSweepMs, 'vote')
    every(this.opts.darkSweepMs, 'watchdog')
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t)
    this.timers = []
  }

  /** Run one pass of the named sweeps (default: every sweep), after any pass already running. */
  run(select: {cadence?: Cadence; only?: string[]} = {}): Promise<SweepReport> {
    for (const n of select.only ?? []) {
      if (!SWEEP_NAMES.includes(n)) throw new Error(`unknown sweep '${n}'; known: ${SWEEP_NAMES.join(', ')}`)
    }
    const next = this.chain.then(() => this.pass(select))
    this.chain = next.catch(() => undefined)
    return next
  }

  private async pass(select: {cadence?: Cadence; only?: string[]}): Promise<SweepReport> {
    const started = performance.now()
    const report: SweepReport = {ran: false, paused: false, results: {}, errors: {}, truncated: false, ms: 0, sweep_ms: {}}
    if (!(await this.isLeader())) return {...report, reason: 'not-leader'}
    report.ran = true
    report.paused = await isPaused(this.ctx)
    const pass = new Pass(this.ctx, await Guards.load(this.ctx), this.opts.budgetMs, this.resume)
    for (const s of SWEEPS) {
      if (select.cadence && s.cadence !== select.cadence) continue
      if (select.only && !select.only.includes(s.name)) continue
      if (report.paused && !s.whilePaused) {
        report.results[s.name] = 'skipped: paused'
        continue
      }
      const t0 = performance.now()
      try {
        // One transaction per sweep: its alerts, rings and guard changes commit together (a first pass over 200 seats
        // made ~250 commits before), and a sweep that fails leaves nothing half-sent; its posts publish after the commit.
        report.results[s.name] = await this.ctx.db.tx(async () => {
          const result = await s.run(pass, this.ctx)
          await pass.guards.flush()
          return result
        })
      } catch (err) {
        pass.guards.discard()
        report.errors[s.name] = (err as Error).message
        process.stderr.write(`agora hub: sweep '${s.name}' failed: ${(err as Error).message}\n`)
      }
      report.sweep_ms[s.name] = performance.now() - t0
    }
    report.truncated = pass.truncated
    report.ms = performance.now() - started
    return report
  }
}
