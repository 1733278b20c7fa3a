/** Transport failures back off 60 s doubling to 900 s; base and ceiling are injectable for tests. */
export class Backoff {
  streak = 0
  /** Epoch ms before which no turn may start. */
  until = 0
  lastReason = ''

  constructor(
    readonly baseS = 60,
    readonly ceilingS = 900,
  ) {}

  /** Record one failure; returns the wait in seconds. */
  note(reason: string, nowMs: number): number {
    this.streak += 1
    this.lastReason = reason
    const wait = Math.min(this.baseS * 2 ** (this.streak - 1), this.ceilingS)
    this.until = nowMs + wait * 1000
    return wait
  }

  /** One healthy turn clears the streak; returns how many failures it ended. */
  clear(): number {
    const ended = this.streak
    this.streak = 0
    this.until = 0
    return ended
  }

  active(nowMs: number): boolean {
    return this.streak > 0 && nowMs < this.until
  }
}
