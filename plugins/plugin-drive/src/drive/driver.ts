import {ExitCode} from '@agora/command'
import type {ExitCodeValue} from '@agora/command'
import {CONFIG_STAGES, SEMANTIC_STAGES} from '@agora/contract'
import type {Lane, TurnStage} from '@agora/contract'

import {Backoff} from './backoff.js'
import {BOOT_PROMPT, WAKE_PROMPT} from './prompts.js'
import type {SessionStore} from './sessions.js'
import type {StrikeLedger} from './strikes.js'
import type {RunTurn, TurnOutcome} from './turn-runner.js'
import {WorkLane} from './work-lane.js'
import type {WorkPort, WorkScan} from './work-lane.js'
import type {WorkRow} from './work-scan.js'
import type {WorkLeasePort} from './work-leases.js'

export type {WorkPort} from './work-lane.js'

export interface DriverOptions {
  agentId: string
  maxWaitS: number
  turnBudget: number
  workBudget: number
  receptionTimeoutS: number
  workTimeoutS: number
  sessionRotate: number
  once: boolean
  backoffBaseS?: number
  backoffCeilingS?: number
  /** The listen window while a chunk is ready (20 s; tests shorten it). */
  chunkWindowS?: number
  /** Stop after this many turns (tests). */
  maxTurns?: number
}

export interface DriverPorts {
  out(line: string): void
  /** The embedded listener: 2 obliged, 4 broadcast, 5 obliges nothing, 0 quiet. */
  listen(maxWaitS: number): Promise<number>
  runTurn: RunTurn
  sessions: SessionStore
  /** The work lane's view of the hub; absent disables the work lane. */
  work?: WorkPort
  /** May an idle seat take a lane pass (not a delegate, nothing owed)? Absent disables lane passes. */
  initiative?: () => Promise<boolean>
  /** The row (`<chan>/<key>`) the work session is bound to, kept across restarts; absent keeps it in memory. */
  workClaim?: {get(): string | null; set(row: string | null): void}
  /** Does this seat hold an active delegation (its work chunks then start with SUPERVISE_PROMPT)? */
  delegate?: () => Promise<boolean>
  /** Leases for the paths a work row names; absent (outside a git checkout) takes none. */
  leases?: WorkLeasePort
  now(): number
  signal?: AbortSignal
  touch(): void
}

export interface DriverExit {
  code: ExitCodeValue
  reason: 'once-ok' | 'once-failed' | 'once-idle' | 'harness-config' | 'operator-interrupt' | 'max-turns'
}

const SEMANTIC = new Set<string>(SEMANTIC_STAGES)
const CONFIG = new Set<string>(CONFIG_STAGES)
const HOUR_MS = 3600_000
const BROADCAST_BUDGET = 100
const CHUNK_WINDOW_S = 20
const LANE_PASS_GAP_MS = 900_000

/** The drive loop over injected ports: listener, turn runner, sessions, clock. */
export class Driver {
  readonly backoff: Backoff
  private held = false
  private heldDebt = false
  private readonly receptionTurns: number[] = []
  private readonly broadcastTurns: number[] = []
  private readonly rotation: Record<Lane, number> = {reception: 0, work: 0}
  private readonly work: WorkLane
  private turns = 0
  private lastLanePass = -Infinity
  private receptionSinceLanePass = 0

  constructor(
    readonly options: DriverOptions,
    readonly ports: DriverPorts,
  ) {
    this.backoff = new Backoff(options.backoffBaseS ?? 60, options.backoffCeilingS ?? 900)
    this.work = new WorkLane({agentId: options.agentId, workBudget: options.workBudget}, ports)
  }

  /** Row versions a chunk left untouched, by `<chan>/<key>@<version>`; three retire that version. */
  get strikes(): StrikeLedger {
    return this.work.strikes
  }

  private line(state: string, fields: Record<string, string | number | undefined>): void {
    const rest = Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v]) => ` ${k}=${v}`).join('')
    this.ports.out(`AGORA_DRIVE state=${state} agent=${this.options.agentId}${rest}`)
  }

  /** The single admissibility predicate: backoff, then the hourly turn budget, then the broadcast fuse. */
  private hold(hasDebt: boolean): {state: 'backoff' | 'parked'; reason: string; releaseMs: number} | null {
    const now = this.ports.now()
    if (this.backoff.active(now)) return {state: 'backoff', reason: this.backoff.lastReason, releaseMs: this.backoff.until}
    const recent = (list: number[]): number[] => list.filter((t) => now - t < HOUR_MS)
    const turns = recent(this.receptionTurns)
    const [oldestTurn] = turns // the budget is at least 1, so a spent budget has an oldest turn
    if (oldestTurn !== undefined && turns.length >= this.options.turnBudget) return {state: 'parked', reason: 'turn-budget', releaseMs: oldestTurn + HOUR_MS}
    const broadcasts = recent(this.broadcastTurns)
    const [oldestBroadcast] = broadcasts
    if (!hasDebt && oldestBroadcast !== undefined && broadcasts.length >= BROADCAST_BUDGET) return {state: 'parked', reason: 'broadcast-budget', releaseMs: oldestBroadcast + HOUR_MS}
    return null
  }

  async run(): Promise<DriverExit> {
    let listenerBackoffMs = 1000
    for (;;) {
      if (this.ports.signal?.aborted) return this.stopped()
      if (this.options.maxTurns !== undefined && this.turns >= this.options.maxTurns) return {code: ExitCode.Ok, reason: 'max-turns'}
      this.ports.touch()
      if (this.held && !this.hold(this.heldDebt)) {
        this.line('turn', {reason: 'held-wake'})
        const exit = await this.reception(this.heldDebt)
        if (exit) return exit
        continue
      }
      const scan: WorkScan = this.held || this.backoff.active(this.ports.now()) || this.options.once ? {work: null} : await this.work.scan()
      const work = scan.work
      const rc = await this.ports.listen(this.arm(scan))
      if (this.ports.signal?.aborted) return this.stopped()
      if (rc === ExitCode.WakeNothingOwed) {
        this.ports.out(`AGORA_DRIVE wake-noop agent=${this.options.agentId} reason=unowned-broadcast owed=0`)
      } else if (rc === ExitCode.Wake || rc === ExitCode.WakeRoom) {
        listenerBackoffMs = 1000
        const hasDebt = rc === ExitCode.Wake
        const hold = this.hold(hasDebt)
        if (hold) {
          this.held = true
          this.heldDebt ||= hasDebt
          continue
        }
        this.line('turn', {reason: hasDebt ? 'obligation' : 'broadcast'})
        const exit = await this.reception(hasDebt)
        if (exit) return exit
      } else if (rc === ExitCode.Ok) {
        listenerBackoffMs = 1000
        if (this.held) continue
        if (this.options.once) {
          this.ports.out(`AGORA_DRIVE event=stopped status=idle agent=${this.options.agentId} reason=no-wake-within-max-wait`)
          return {code: ExitCode.Failed, reason: 'once-idle'}
        }
        if (work && this.work.admissible()) await this.workChunk(work)
        else if (!work && scan.reason !== 'work-scan-unreadable' && (await this.lanePassAdmissible())) {
          this.lastLanePass = this.ports.now()
          this.receptionSinceLanePass = 0
          await this.workChunk({ref: 'lane-pass', strikes: 0, initiative: true})
        }
      } else {
        this.line('backoff', {reason: `listener-rc=${rc}`, next: `${Math.round(listenerBackoffMs / 1000)}s`})
        await new Promise((resolve) => setTimeout(resolve, listenerBackoffMs))
        listenerBackoffMs = Math.min(listenerBackoffMs * 2, 60_000)
      }
    }
  }

  /** The listen window of this pass, announced on the armed (or hold) line. */
  private arm(scan: WorkScan): number {
    const {work} = scan
    const now = this.ports.now()
    const ready = work !== null && this.work.admissible()
    let window = ready || (scan.reason === 'work-scan-unreadable' && this.work.known) ? (this.options.chunkWindowS ?? CHUNK_WINDOW_S) : this.options.maxWaitS
    if (work && !ready) window = Math.max(1, Math.min(window, Math.ceil((this.work.budgetRelease() - now) / 1000)))
    const blocked = this.held ? this.hold(this.heldDebt) : null
    if (blocked) {
      window = Math.max(1, Math.min(window, Math.ceil((blocked.releaseMs - now) / 1000)))
      this.line(blocked.state, {reason: blocked.reason, next: `${window}s`, wake: 'held'})
    } else {
      const reason = this.backoff.active(now) ? this.backoff.lastReason : work ? (ready ? 'chunk-ready' : 'work-budget') : scan.reason
      this.line('armed', {reason, next: `${window}s`, row: work?.ref})
    }
    return window
  }

  private stopped(): DriverExit {
    this.ports.out(`AGORA_DRIVE event=stopped status=ok agent=${this.options.agentId} reason=operator-interrupt`)
    return {code: ExitCode.Interrupted, reason: 'operator-interrupt'}
  }

  /** An idle seat may speak first only rarely: 15 min apart, after real reception, with budget left and nothing owed. */
  private async lanePassAdmissible(): Promise<boolean> {
    if (!this.ports.initiative || this.options.once || this.held || this.backoff.active(this.ports.now())) return false
    if (this.receptionSinceLanePass === 0 || this.ports.now() - this.lastLanePass < LANE_PASS_GAP_MS || !this.work.admissible()) return false
    return this.ports.initiative().catch(() => false)
  }

  /** One reception turn; returns an exit when the loop must end (once, fatal config). */
  private async reception(hasDebt: boolean): Promise<DriverExit | null> {
    const {sessions} = this.ports
    if (this.rotation.reception >= this.options.sessionRotate) {
      sessions.set('reception', null)
      this.rotation.reception = 0
    }
    const sessionId = sessions.get('reception')
    const now = this.ports.now()
    this.receptionTurns.push(now)
    this.receptionSinceLanePass += 1
    if (!hasDebt) this.broadcastTurns.push(now)
    this.turns += 1
    const outcome = await this.ports.runTurn({
      lane: 'reception', kind: sessionId ? 'wake' : 'boot', prompt: sessionId ? WAKE_PROMPT : BOOT_PROMPT, sessionId, timeoutS: this.options.receptionTimeoutS,
    })
    const stage = outcome.verdict.stage
    if (stage !== null && CONFIG.has(stage)) {
      this.ports.out(`AGORA_DRIVE event=stopped status=error agent=${this.options.agentId} reason=harness-config detail=${JSON.stringify(outcome.verdict.detail)} — no retry can fix this; fix the harness configuration and re-run`)
      return {code: ExitCode.Failed, reason: 'harness-config'}
    }
    if (outcome.verdict.ok || (stage !== null && SEMANTIC.has(stage))) {
      this.healthy(outcome)
      this.adopt('reception', outcome, sessionId)
      this.held = false
      this.heldDebt = false
    } else {
      this.held = true
      this.heldDebt ||= hasDebt
      this.failed(outcome, stage)
      if (stage === null || stage === 'harness') sessions.set('reception', null)
    }
    if (this.options.once) return outcome.verdict.ok ? {code: ExitCode.Ok, reason: 'once-ok'} : {code: ExitCode.Failed, reason: 'once-failed'}
    return null
  }

  private async workChunk(row: WorkRow): Promise<void> {
    const {sessions} = this.ports
    const bound = row.ref.replace(/@\d+$/, '')
    if (this.boundRow() !== bound || this.rotation.work >= this.options.sessionRotate) {
      sessions.set('work', null)
      this.rotation.work = 0
    }
    const timeoutS = this.backoff.streak > 0 ? Math.min(this.options.workTimeoutS, this.options.receptionTimeoutS) : this.options.workTimeoutS
    // the row's paths are leased for the chunk; another seat's lease defers the chunk, never overrides it
    const refused = this.ports.leases && row.paths ? await this.ports.leases.take(row, timeoutS + 60) : null
    if (refused !== null) {
      this.line('deferred', {reason: 'lease-held', row: row.ref, detail: JSON.stringify(refused)})
      return
    }
    this.bindRow(bound)
    const sessionId = sessions.get('work')
    if (row.initiative) this.line('chunk', {reason: 'initiative-lane'})
    else this.line('chunk', {reason: 'continuable-work', row: row.ref, strikes: row.strikes})
    this.work.noteChunk()
    this.turns += 1
    const started = this.ports.now()
    let outcome: TurnOutcome
    try {
      outcome = await this.ports.runTurn({lane: 'work', kind: 'work', prompt: await this.work.prompt(row, sessionId), sessionId, timeoutS})
    } finally {
      if (this.ports.leases && row.paths) await this.ports.leases.release(row)
    }
    const stage = outcome.verdict.stage
    const reachedHub = outcome.verdict.ok || (stage !== null && (SEMANTIC.has(stage) || CONFIG.has(stage)))
    // a chunk that never reached the hub is bounded by backoff, not strikes (⚠ the reference strikes it too)
    if (reachedHub) await this.work.judge(row, started)
    if (outcome.verdict.ok || (stage !== null && SEMANTIC.has(stage))) {
      this.healthy(outcome)
      this.adopt('work', outcome, sessionId)
    } else if (stage !== null && CONFIG.has(stage)) {
      sessions.set('work', null)
    } else {
      this.failed(outcome, stage)
      sessions.set('work', null)
    }
  }

  private memoryClaim: string | null = null

  /** A work session continues one row; a chunk for a different row starts a fresh session. */
  private boundRow(): string | null {
    return this.ports.workClaim ? this.ports.workClaim.get() : this.memoryClaim
  }

  private bindRow(row: string): void {
    this.memoryClaim = row
    this.ports.workClaim?.set(row)
  }

  private adopt(lane: Lane, outcome: TurnOutcome, previous: string | null): void {
    const next = outcome.verdict.sessionId ?? outcome.sessionId ?? previous
    if (next) this.ports.sessions.set(lane, next)
    this.rotation[lane] += 1
  }

  private healthy(outcome: TurnOutcome): void {
    const reason = this.backoff.lastReason
    const ended = this.backoff.clear()
    if (ended > 0) this.ports.out(`AGORA_DRIVE recovered agent=${this.options.agentId} after=${ended} failed turn(s) reason=${reason} now=${outcome.verdict.ok ? 'ok' : outcome.verdict.reason}`)
  }

  private failed(outcome: TurnOutcome, stage: TurnStage | null): void {
    const reason = outcome.verdict.reason ?? stage ?? 'unknown'
    const wait = this.backoff.note(reason, this.ports.now())
    this.line('backoff', {
      reason, stage: stage ?? 'none', consecutive: this.backoff.streak, next: `${wait}s`, wake: this.held ? 'held' : 'none', detail: JSON.stringify(outcome.verdict.detail.slice(0, 200)),
    })
  }
}
