/** In-memory per-sender limits (§4.4): posting token bucket, interrupt and critical budgets. */
export class Budgets {
  static readonly BURST = 20
  static readonly INTERRUPTS_PER_HOUR = 6
  static readonly CRITICALS_PER_HOUR = 5
  private buckets = new Map<string, {tokens: number; at: number}>()
  private interrupts = new Map<string, number[]>()
  private criticals = new Map<string, number[]>()

  constructor(private readonly ratePerMinute: number, private readonly now: () => number) {}

  /** Seconds to wait before a token is available, or 0 when one would be taken now. */
  postingWait(agent: string): number {
    const b = this.refill(agent)
    if (b.tokens >= 1) return 0
    return (1 - b.tokens) / (this.ratePerMinute / 60)
  }

  takePostingToken(agent: string): void {
    const b = this.refill(agent)
    b.tokens -= 1
  }

  private refill(agent: string): {tokens: number; at: number} {
    const t = this.now()
    let b = this.buckets.get(agent)
    if (!b) {
      b = {tokens: Budgets.BURST, at: t}
      this.buckets.set(agent, b)
    }
    const elapsed = Math.max(0, t - b.at)
    b.tokens = Math.min(Budgets.BURST, b.tokens + elapsed * (this.ratePerMinute / 60))
    b.at = t
    return b
  }

  private recent(map: Map<string, number[]>, agent: string): number[] {
    const cutoff = this.now() - 3600
    const list = (map.get(agent) ?? []).filter(x => x > cutoff)
    map.set(agent, list)
    return list
  }

  interruptAvailable(agent: string): boolean {
    return this.recent(this.interrupts, agent).length < Budgets.INTERRUPTS_PER_HOUR
  }

  spendInterrupt(agent: string): void {
    this.recent(this.interrupts, agent).push(this.now())
  }

  criticalAvailable(agent: string): boolean {
    return this.recent(this.criticals, agent).length < Budgets.CRITICALS_PER_HOUR
  }

  spendCritical(agent: string): void {
    this.recent(this.criticals, agent).push(this.now())
  }
}
