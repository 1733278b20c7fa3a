import {RateLimited} from '../../errors.js'
import type {Ctx} from './context.js'
import {perOwner} from '../../per-owner.js'

/**
 * The budgets of the reputation and search routes, kept apart from the posting bucket: ratings
 * are 30 per rolling minute per rater, search 30/min with a burst of 10 per seat.
 */
export class RollingWindow {
  private stamps = new Map<string, number[]>()
  constructor(private readonly max: number, private readonly seconds: number, private readonly now: () => number) {}

  /** Seconds until one more event fits, or 0 when it fits now. */
  wait(key: string): number {
    const t = this.now()
    const list = (this.stamps.get(key) ?? []).filter(s => s > t - this.seconds)
    this.stamps.set(key, list)
    const [oldest] = list
    return oldest === undefined || list.length < this.max ? 0 : oldest + this.seconds - t
  }

  take(key: string): void {
    this.stamps.get(key)?.push(this.now()) ?? this.stamps.set(key, [this.now()])
  }
}

export class Bucket {
  private state = new Map<string, {tokens: number; at: number}>()
  constructor(private readonly perMinute: number, private readonly burst: number, private readonly now: () => number) {}

  wait(key: string): number {
    const b = this.refill(key)
    return b.tokens >= 1 ? 0 : (1 - b.tokens) / (this.perMinute / 60)
  }

  take(key: string): void {
    this.refill(key).tokens -= 1
  }

  private refill(key: string): {tokens: number; at: number} {
    const t = this.now()
    const b = this.state.get(key) ?? {tokens: this.burst, at: t}
    b.tokens = Math.min(this.burst, b.tokens + Math.max(0, t - b.at) * (this.perMinute / 60))
    b.at = t
    this.state.set(key, b)
    return b
  }
}

const of = perOwner((ctx: Ctx) => ({ratings: new RollingWindow(30, 60, () => ctx.now()), search: new Bucket(30, 10, () => ctx.now())}))

/** Refuse (429 + Retry-After) when the rater has used 30 rating writes in the last minute. */
export function requireRatingToken(ctx: Ctx, rater: string): void {
  const wait = of(ctx).ratings.wait(rater)
  if (wait > 0) throw new RateLimited(`rating budget exhausted (30 per minute); retry in ${Math.ceil(wait)}s`, wait)
}

export function takeRatingToken(ctx: Ctx, rater: string): void {
  of(ctx).ratings.take(rater)
}

/** Search has its own bucket (30/min, burst 10), so searching never eats the posting budget. */
export function spendSearchToken(ctx: Ctx, seat: string): void {
  const w = of(ctx).search
  const wait = w.wait(seat)
  if (wait > 0) throw new RateLimited(`search budget exhausted (30 per minute, burst 10); retry in ${Math.ceil(wait)}s`, wait)
  w.take(seat)
}
