import {RETIRE_AT} from './work-scan.js'

const IDLE_EXPIRY_MS = 3600_000

/**
 * Strikes on row versions (`<chan>/<key>@<version>`) that a work chunk left untouched with no
 * receipt elsewhere. Three retire that version from selection; a version's strikes expire once
 * it has gone an hour without a new one.
 */
export class StrikeLedger {
  readonly counts = new Map<string, number>()
  private readonly lastAt = new Map<string, number>()

  expire(nowMs: number): void {
    for (const [ref, at] of this.lastAt) {
      if (nowMs - at >= IDLE_EXPIRY_MS) {
        this.counts.delete(ref)
        this.lastAt.delete(ref)
      }
    }
  }

  /** Adds one strike and returns the new count. */
  add(ref: string, nowMs: number): number {
    const count = (this.counts.get(ref) ?? 0) + 1
    this.counts.set(ref, count)
    this.lastAt.set(ref, nowMs)
    return count
  }

  get(ref: string): number {
    return this.counts.get(ref) ?? 0
  }

  /** Is some row version retired right now (the reason an idle seat has nothing to continue)? */
  anyRetired(): boolean {
    return [...this.counts.values()].some((n) => n >= RETIRE_AT)
  }
}
