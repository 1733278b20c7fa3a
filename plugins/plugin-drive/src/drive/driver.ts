import {CONFIG_STAGES, SEMANTIC_STAGES} from '@agora/contract'
import type {Lane, TurnStage} from '@agora/contract'

import {Backoff} from './backoff.js'
import {BOOT_PROMPT, INITIATIVE_PROMPT, SUPERVISE_PROMPT, WAKE_PROMPT, WORK_BOOT_PROMPT, WORK_PROMPT} from './prompts.js'
import type {SessionStore} from './sessions.js'
import {StrikeLedger} from './strikes.js'
import type {RunTurn, TurnOutcome} from './turn-runner.js'
import type {ChunkProgress} from './work-progress.js'
import {RETIRE_AT} from './work-scan.js'
import type {WorkRow} from './work-scan.js'

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
  /** Does this seat hold an active delegation (its work chunks then start with SUPERVISE_PROMPT)? */
  delegate?: () => Promise<boolean>
  now(): number
  signal?: AbortSignal
  touch(): void
}

export interface WorkPort {
  /** The next continuable row this seat owns, skipping retired versions, or null. */
  find(strikes: Map<string, number>): Promise<WorkRow | null>
  /** What a finished chunk did to its row since it started (throws when the hub cannot say). */
  progress(row: WorkRow, sinceMs: number): Promise<ChunkProgress>
}

export interface DriverExit {
  code: number
  reason: 'once-ok' | 'once-failed' | 'once-idle' | 'harness-config' | 'operator-interrupt' | 'max-turns'
}

const SEMANTIC = new Set<string>(SEMANTIC_STAGES)
const CONFIG = new Set<string>(CONFIG_STAGES)
const HOUR_MS = 3600_000
const BROADCAST_BUDGET = 100
const CHUNK_WINDOW_S = 20
const LANE_PASS_GAP_MS = 900_000

/** The drive loop of harness.md §4.2–4.5 over injected ports: listener, turn runner, sessions, clock. */
export class Driver {
  readonly backoff: Backoff
  private held = false
  private heldDebt = false
  private readonly receptionTurns: number[] = []
  private readonly broadcastTurns: number[] = []
  private readonly workTurns: number[] = []
  private readonly rotation: Record<Lane, number> = {reception: 0, work: 0}
  private workRow: string | null = null
  /** Row versions a chunk left untouched, by `<chan>/<key>@<version>`; three retire that version. */
  readonly strikes = new StrikeLedger()
  /** The last scan found a row (a failed scan then keeps the short window). */
  private workKnown = false
  private turns = 0
  private lastLanePass = -Infinity
  private receptionSinceLanePass = 0

  constructor(
    readonly options: DriverOptions,
    readonly ports: DriverPorts,
  ) {
    this.backoff = new Backoff(options.backoffBaseS ?? 60, options.backoffCeilingS ?? 900)
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
    if (turns.length >= this.options.turnBudget) return {state: 'parked', reason: 'turn-budget', releaseMs: turns[0] + HOUR_MS}
    const broadcasts = recent(this.broadcastTurns)
    if (!hasDebt && broadcasts.length >= BROADCAST_BUDGET) return {state: 'parked', reason: 'broadcast-budget', releaseMs: broadcasts[0] + HOUR_MS}
    return null
  }

  async run(): Promise<DriverExit> {
    let listenerBackoffMs = 1000
    for (;;) {
      if (this.ports.signal?.aborted) return this.stopped()
      if (this.options.maxTurns !== undefined && this.turns >= this.options.maxTurns) return {code: 0, reason: 'max-turns'}
      this.ports.touch()
      if (this.held && !this.hold(this.heldDebt)) {
        this.line('turn', {reason: 'held-wake'})
        const exit = await this.reception(this.heldDebt)
        if (exit) return exit
        continue
      }
      const scan = this.held || this.backoff.active(this.ports.now()) ? {work: null, reason: undefined} : await this.scanWork()
      const work = scan.work
      const blocked = this.held ? this.hold(this.heldDebt) : null
      let window = work && this.workAdmissible() ? CHUNK_WINDOW_S : scan.reason === 'work-scan-unreadable' && this.workKnown ? CHUNK_WINDOW_S : this.options.maxWaitS
      if (work && !this.workAdmissible()) window = Math.max(1, Math.min(window, Math.ceil((this.workBudgetRelease() - this.ports.now()) / 1000)))
      if (blocked) {
        window = Math.max(1, Math.min(window, Math.ceil((blocked.releaseMs - this.ports.now()) / 1000)))
        this.line(blocked.state, {reason: blocked.reason, next: `${window}s`, wake: 'held'})
      } else {
        const reason = this.backoff.active(this.ports.now()) ? this.backoff.lastReason : work ? (this.workAdmissible() ? 'chunk-ready' : 'work-budget') : scan.reason
        this.line('armed', {reason, next: `${window}s`, row: work ? work.ref : undefined})
      }
      const rc = await this.ports.listen(window)
      if (this.ports.signal?.aborted) return this.stopped()
      if (rc === 5) {
        this.ports.out(`AGORA_DRIVE wake-noop agent=${this.options.agentId} reason=unowned-broadcast owed=0`)
      } else if (rc === 2 || rc === 4) {
        listenerBackoffMs = 1000
        const hasDebt = rc === 2
        const hold = this.hold(hasDebt)
        if (hold) {
          this.held = true
          this.heldDebt ||= hasDebt
          continue
        }
        this.line('turn', {reason: hasDebt ? 'obligation' : 'broadcast'})
        const exit = await this.reception(hasDebt)
        if (exit) return exit
      } else if (rc === 0) {
        listenerBackoffMs = 1000
        if (this.held) continue
        if (this.options.once) {
          this.ports.out(`AGORA_DRIVE event=stopped status=idle agent=${this.options.agentId} reason=no-wake-within-max-wait`)
          return {code: 1, reason: 'once-idle'}
        }
        if (work && this.workAdmissible()) await this.workChunk(work)
        else if (!work && (await this.lanePassAdmissible())) {
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

  private stopped(): DriverExit {
    this.ports.out(`AGORA_DRIVE event=stopped status=ok agent=${this.options.agentId} reason=operator-interrupt`)
    return {code: 130, reason: 'operator-interrupt'}
  }

  /** One continuation scan; the reason names why there is no row (for the armed line). */
  private async scanWork(): Promise<{work: WorkRow | null; reason?: string}> {
    if (!this.ports.work || this.options.once) return {work: null}
    try {
      this.strikes.expire(this.ports.now())
      const work = await this.ports.work.find(this.strikes.counts)
      this.workKnown = work !== null
      if (work) return {work}
      return {work: null, reason: this.strikes.anyRetired() ? 'no-receipt' : 'no-continuable-work'}
    } catch {
      return {work: null, reason: 'work-scan-unreadable'}
    }
  }

  private workBudgetRelease(): number {
    const now = this.ports.now()
    return Math.min(...this.workTurns.filter((t) => now - t < HOUR_MS)) + HOUR_MS
  }

  /** An idle seat may speak first only rarely: 15 min apart, after real reception, with budget left and nothing owed. */
  private async lanePassAdmissible(): Promise<boolean> {
    if (!this.ports.initiative || this.options.once || this.held || this.backoff.active(this.ports.now())) return false
    if (this.receptionSinceLanePass === 0 || this.ports.now() - this.lastLanePass < LANE_PASS_GAP_MS || !this.workAdmissible()) return false
    return this.ports.initiative().catch(() => false)
  }

  private workAdmissible(): boolean {
    const now = this.ports.now()
    return this.workTurns.filter((t) => now - t < HOUR_MS).length < this.options.workBudget
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
      return {code: 1, reason: 'harness-config'}
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
    if (this.options.once) return outcome.verdict.ok ? {code: 0, reason: 'once-ok'} : {code: 1, reason: 'once-failed'}
    return null
  }

  private async workChunk(row: WorkRow): Promise<void> {
    const {sessions} = this.ports
    if (this.workRow !== row.ref.replace(/@\d+$/, '') || this.rotation.work >= this.options.sessionRotate) {
      sessions.set('work', null)
      this.rotation.work = 0
    }
    this.workRow = row.ref.replace(/@\d+$/, '')
    const sessionId = sessions.get('work')
    if (row.initiative) this.line('chunk', {reason: 'initiative-lane'})
    else this.line('chunk', {reason: 'continuable-work', row: row.ref, strikes: row.strikes})
    this.workTurns.push(this.ports.now())
    this.turns += 1
    const timeoutS = this.backoff.streak > 0 ? Math.min(this.options.workTimeoutS, this.options.receptionTimeoutS) : this.options.workTimeoutS
    const started = this.ports.now()
    const outcome = await this.ports.runTurn({lane: 'work', kind: 'work', prompt: await this.workPrompt(row, sessionId), sessionId, timeoutS})
    const stage = outcome.verdict.stage
    const reachedHub = outcome.verdict.ok || (stage !== null && (SEMANTIC.has(stage) || CONFIG.has(stage)))
    if (!row.initiative && reachedHub) await this.judgeChunk(row, started)
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

  /** A delegate's chunk is SUPERVISE_PROMPT + the work prompt; a lane pass is its own prompt. */
  private async workPrompt(row: WorkRow, sessionId: string | null): Promise<string> {
    if (row.initiative) return INITIATIVE_PROMPT
    const work = sessionId ? WORK_PROMPT : `${WORK_BOOT_PROMPT}\n\n${WORK_PROMPT}`
    const delegate = this.ports.delegate ? await this.ports.delegate().catch(() => false) : false
    return delegate ? `${SUPERVISE_PROMPT}\n\n${work}` : work
  }

  /**
   * The strike rule: a chunk that left its row at the same version and no receipt on another of
   * this seat's rows earns a strike; the third retires that version. A chunk that never reached
   * the hub is bounded by backoff instead, and an unreadable hub proves nothing.
   */
  private async judgeChunk(row: WorkRow, startedMs: number): Promise<void> {
    let progress: ChunkProgress
    try {
      progress = await this.ports.work!.progress(row, startedMs)
    } catch {
      return
    }
    const agent = this.options.agentId
    if (progress.kind === 'receipt') this.ports.out(`AGORA_DRIVE initiative=receipt-off-row agent=${agent} row=${row.ref} receipt=${progress.ref}`)
    if (progress.kind !== 'unchanged') return
    const count = this.strikes.add(row.ref, this.ports.now())
    if (count === RETIRE_AT) {
      this.ports.out(`AGORA_DRIVE initiative=retired agent=${agent} row=${row.ref} reason=no-receipt strikes=${count} — ${count} chunks left this row unchanged; it is skipped until it changes or an hour passes`)
    }
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
