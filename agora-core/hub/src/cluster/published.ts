/**
 * What this process has published of each channel, as a contiguous prefix: every seq up to `upto` was
 * published here, plus the seqs above it that were (another process's commit whose event is still on its
 * way, or was lost, leaves a hole below this process's own later posts). A catch-up reads from the
 * database every seq above the prefix, so a hole is filled however it came about.
 */
export class PublishedSeqs {
  private readonly upto = new Map<string, number>()
  private readonly above = new Map<string, Set<number>>()

  /** Every seq up to `seq` was published (the newest seq of each channel when the process joins). */
  start(channel: string, seq: number): void {
    if (seq <= this.prefix(channel)) return
    this.upto.set(channel, seq)
    const set = this.above.get(channel)
    if (!set) return
    for (const s of set) if (s <= seq) set.delete(s)
    this.fill(channel, set) // the prefix runs on through what was already published above it
  }

  /** The highest seq below which nothing is missing. */
  prefix(channel: string): number {
    return this.upto.get(channel) ?? 0
  }

  has(channel: string, seq: number): boolean {
    return seq <= this.prefix(channel) || (this.above.get(channel)?.has(seq) ?? false)
  }

  add(channel: string, seq: number): void {
    if (seq <= this.prefix(channel)) return
    let set = this.above.get(channel)
    if (!set) this.above.set(channel, (set = new Set()))
    set.add(seq)
    this.fill(channel, set)
  }

  private fill(channel: string, set: Set<number>): void {
    let upto = this.prefix(channel)
    while (set.delete(upto + 1)) upto++
    this.upto.set(channel, upto)
    if (set.size === 0) this.above.delete(channel)
  }
}
