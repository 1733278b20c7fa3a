import {RateLimited} from '../../errors.js'
import type {PostGrant, PostSpend} from './budget-book.js'
import {refusals} from './budget-book.js'

/** A per-agent token bucket: `burst` tokens, refilled at `perMinute`. */
class TokenBuckets {
  private buckets = new Map<string, {tokens: number; at: number}>()
  constructor(private readonly perMinute: number, private readonly burst: number, private readonly now: () => number) {}

  /** Seconds to wait before a token is available, or 0 when one would be taken now. */
  wait(agent: string): number {
    const b = this.refill(agent)
    return b.tokens >= 1 ? 0 : (1 - b.tokens) / (this.perMinute / 60)
  }

  take(agent: string): void {
    this.refill(agent).tokens -= 1
  }

  /** Give back a token taken for a request that was then refused (it wrote nothing). */
  refund(agent: string): void {
    const b = this.refill(agent)
    b.tokens = Math.min(this.burst, b.tokens + 1)
  }

  private refill(agent: string): {tokens: number; at: number} {
    const t = this.now()
    let b = this.buckets.get(agent)
    if (!b) {
      b = {tokens: this.burst, at: t}
      this.buckets.set(agent, b)
    }
    b.tokens = Math.min(this.burst, b.tokens + Math.max(0, t - b.at) * (this.perMinute / 60))
    b.at = t
    return b
  }
}

export interface WriteBudget {
  perMinute: number
  burst: number
}

/**
 * In-memory per-sender limits (docs/protocol.md#escalation): the posting token bucket, interrupt and critical budgets, and
 * the write bucket for fs and store writes (each appends a ledger row, so they cost like posts).
 */
export class Budgets {
  /** Buckets in memory: a rolled-back transaction does not give a token back (BudgetBook). */
  readonly spendsOutliveRollback = true
  static readonly BURST = 20
  static readonly INTERRUPTS_PER_HOUR = 6
  static readonly CRITICALS_PER_HOUR = 5
  private posting: TokenBuckets
  private writes: TokenBuckets
  private interrupts = new Map<string, number[]>()
  private criticals = new Map<string, number[]>()

  constructor(ratePerMinute: number, private readonly now: () => number, write: WriteBudget) {
    this.posting = new TokenBuckets(ratePerMinute, Budgets.BURST, now)
    this.writes = new TokenBuckets(write.perMinute, write.burst, now)
  }

  /**
   * The post pipeline's budget step (BudgetBook): every check and spend runs synchronously before
   * the returned promise settles, so nothing interleaves: 429 on an empty bucket, 403/429 for a
   * critical, an interrupt past its budget downgraded to next_turn.
   */
  async spendPost(agent: string, o: PostSpend): Promise<PostGrant> {
    const wait = this.posting.wait(agent)
    if (wait > 0) throw refusals.posting(wait)
    if (o.critical) {
      if (!o.operator) throw refusals.criticalNotOperator()
      const cw = this.criticalWait(agent)
      if (cw > 0) throw refusals.critical(cw)
    }
    const downgraded = o.urgency === 'interrupt' && !this.interruptAvailable(agent)
    const urgency: PostGrant['urgency'] = downgraded ? 'next_turn' : o.urgency
    this.posting.take(agent)
    if (o.critical) this.spendCritical(agent)
    if (urgency === 'interrupt') this.spendInterrupt(agent)
    return {urgency, downgraded}
  }

  /** Give back what spendPost took for a post that was then refused. */
  async refundPost(agent: string, o: PostSpend, grant: PostGrant): Promise<void> {
    this.posting.refund(agent)
    if (o.critical) this.refundCritical(agent)
    if (grant.urgency === 'interrupt') this.refundInterrupt(agent)
  }

  /** Seconds to wait before a token is available, or 0 when one would be taken now. */
  postingWait(agent: string): number {
    return this.posting.wait(agent)
  }

  takePostingToken(agent: string): void {
    this.posting.take(agent)
  }

  /** Refuse with 429 (and the time to come back) when the seat's posting bucket is empty. */
  requirePostingToken(agent: string): void {
    const wait = this.posting.wait(agent)
    if (wait > 0) throw new RateLimited(`posting rate limit reached; retry in ${Math.max(0.1, wait).toFixed(1)}s`, wait)
  }

  /** Refuse with 429 when the seat's fs/store write bucket is empty; the caller takes the token after the write. */
  requireWriteToken(agent: string): void {
    const wait = this.writes.wait(agent)
    if (wait > 0) {
      throw new RateLimited(`write rate limit reached (fs and store writes); retry in ${Math.max(0.1, wait).toFixed(1)}s, or batch changes into fewer writes`, wait)
    }
  }

  takeWriteToken(agent: string): void {
    this.writes.take(agent)
  }

  refundWriteToken(agent: string): void {
    this.writes.refund(agent)
  }

  refundPostingToken(agent: string): void {
    this.posting.refund(agent)
  }

  /**
   * Check, take a write token, and run the write: the token is taken before the first await, so
   * concurrent writes from one seat cannot all pass the check; a refused write gets it back.
   */
  async spendWrite<T>(agent: string, write: () => Promise<T>): Promise<T> {
    this.requireWriteToken(agent)
    this.writes.take(agent)
    try {
      return await write()
    } catch (err) {
      this.writes.refund(agent)
      throw err
    }
  }

  /** The same for the posting bucket (attachments draw from it). */
  async spendPosting<T>(agent: string, write: () => Promise<T>): Promise<T> {
    this.requirePostingToken(agent)
    this.posting.take(agent)
    try {
      return await write()
    } catch (err) {
      this.posting.refund(agent)
      throw err
    }
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

  refundInterrupt(agent: string): void {
    this.interrupts.get(agent)?.pop()
  }

  refundCritical(agent: string): void {
    this.criticals.get(agent)?.pop()
  }

  criticalAvailable(agent: string): boolean {
    return this.recent(this.criticals, agent).length < Budgets.CRITICALS_PER_HOUR
  }

  /** Seconds until the oldest critical of the last hour leaves the window. */
  criticalWait(agent: string): number {
    const list = this.recent(this.criticals, agent)
    const [oldest] = list
    return oldest === undefined || list.length < Budgets.CRITICALS_PER_HOUR ? 0 : oldest + 3600 - this.now()
  }

  spendCritical(agent: string): void {
    this.recent(this.criticals, agent).push(this.now())
  }
}
