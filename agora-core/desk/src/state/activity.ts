/** Messages per minute over the last hour, per key (a channel or a seat): the sparklines and the channel chart. */
export const MINUTES = 60

export class Activity {
  private counts = new Map<string, Map<number, number>>()

  add(key: string, at: number): void {
    const minute = Math.floor(at / 60)
    let m = this.counts.get(key)
    if (!m) this.counts.set(key, (m = new Map()))
    m.set(minute, (m.get(minute) ?? 0) + 1)
  }

  /** The last hour ending at `now`, oldest minute first (always MINUTES long). */
  series(key: string, now: number): number[] {
    const m = this.counts.get(key)
    const end = Math.floor(now / 60)
    const out: number[] = []
    for (let i = MINUTES - 1; i >= 0; i--) out.push(m?.get(end - i) ?? 0)
    return out
  }

  /** Drop minutes older than the window, so a desk left open for days does not grow. */
  prune(now: number): void {
    const oldest = Math.floor(now / 60) - MINUTES
    for (const m of this.counts.values()) for (const k of m.keys()) if (k < oldest) m.delete(k)
  }
}
