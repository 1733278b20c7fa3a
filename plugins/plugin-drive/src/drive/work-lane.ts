import {INITIATIVE_PROMPT, SUPERVISE_PROMPT, WORK_BOOT_PROMPT, WORK_PROMPT} from './prompts.js'
import {StrikeLedger} from './strikes.js'
import type {ChunkProgress} from './work-progress.js'
import {RETIRE_AT} from './work-scan.js'
import type {WorkRow} from './work-scan.js'

export interface WorkPort {
  /** The next continuable row this seat owns, skipping retired versions, or null. */
  find(strikes: Map<string, number>): Promise<WorkRow | null>
  /** What a finished chunk did to its row since it started (throws when the hub cannot say). */
  progress(row: WorkRow, sinceMs: number): Promise<ChunkProgress>
}

export interface WorkLanePorts {
  work?: WorkPort
  /** Does this seat hold an active delegation (its chunks then start with SUPERVISE_PROMPT)? */
  delegate?: () => Promise<boolean>
  out(line: string): void
  now(): number
}

/** A scan's row, or why there is none: the reason the armed line names. */
export interface WorkScan {
  work: WorkRow | null
  reason?: 'no-continuable-work' | 'no-receipt' | 'work-scan-unreadable'
}

const HOUR_MS = 3600_000

/**
 * The work lane's bookkeeping: continuation scans, the rolling-hour chunk
 * budget, the strike ledger, and the prompt of a chunk. The driver owns sessions and backoff.
 */
export class WorkLane {
  readonly strikes = new StrikeLedger()
  private readonly chunks: number[] = []
  /** The last completed scan found a row: a failed scan then keeps the short window. */
  known = false

  constructor(
    private readonly options: {agentId: string; workBudget: number},
    private readonly ports: WorkLanePorts,
  ) {}

  get enabled(): boolean {
    return this.ports.work !== undefined
  }

  async scan(): Promise<WorkScan> {
    if (!this.ports.work) return {work: null}
    try {
      this.strikes.expire(this.ports.now())
      const work = await this.ports.work.find(this.strikes.counts)
      this.known = work !== null
      if (work) return {work}
      return {work: null, reason: this.strikes.anyRetired() ? 'no-receipt' : 'no-continuable-work'}
    } catch {
      return {work: null, reason: 'work-scan-unreadable'}
    }
  }

  private recent(): number[] {
    const now = this.ports.now()
    return this.chunks.filter((t) => now - t < HOUR_MS)
  }

  admissible(): boolean {
    return this.recent().length < this.options.workBudget
  }

  /** When the oldest chunk of the rolling hour leaves it (the budget frees a slot). */
  budgetRelease(): number {
    return Math.min(...this.recent()) + HOUR_MS
  }

  noteChunk(): void {
    this.chunks.push(this.ports.now())
  }

  /** A delegate's chunk is SUPERVISE_PROMPT + the work prompt; a lane pass is its own prompt. */
  async prompt(row: WorkRow, sessionId: string | null): Promise<string> {
    if (row.initiative) return INITIATIVE_PROMPT
    const work = sessionId ? WORK_PROMPT : `${WORK_BOOT_PROMPT}\n\n${WORK_PROMPT}`
    const delegate = this.ports.delegate ? await this.ports.delegate().catch(() => false) : false
    return delegate ? `${SUPERVISE_PROMPT}\n\n${work}` : work
  }

  /**
   * The strike rule: a chunk that left its row at the same version and no receipt on another of
   * this seat's rows earns a strike; the third retires that version. An unreadable hub proves
   * nothing, so it earns none.
   */
  async judge(row: WorkRow, startedMs: number): Promise<void> {
    if (!this.ports.work || row.initiative) return
    let progress: ChunkProgress
    try {
      progress = await this.ports.work.progress(row, startedMs)
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
}
