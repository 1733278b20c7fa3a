import type {Envelope} from './wire.js'

/**
 * At-least-once → exactly-once on the client: an envelope is new unless its (channel, seq) was
 * already seen; a `retracted:true` envelope is new once per message id, because it replaces the
 * earlier copy rather than duplicating it. Also tracks the per-channel high-water for `since`.
 */
export class EnvelopeDedupe {
  /** Per channel, seqs more than this far below the high-water are forgotten (memory stays bounded). */
  static readonly WINDOW = 10_000
  private readonly seen = new Map<string, Set<number>>()
  private readonly tombstones = new Set<string>()
  private readonly high = new Map<string, number>()

  accept(envelope: Envelope): boolean {
    if (envelope.retracted) {
      if (this.tombstones.has(envelope.id)) return false
      this.tombstones.add(envelope.id)
      this.mark(envelope.channel, envelope.seq)
      return true
    }
    let seqs = this.seen.get(envelope.channel)
    if (!seqs) this.seen.set(envelope.channel, (seqs = new Set()))
    if (seqs.has(envelope.seq)) return false
    this.mark(envelope.channel, envelope.seq)
    return true
  }

  /** Per-channel highest seq seen, the `since` of a re-subscribe. */
  highWater(): Record<string, number> {
    return Object.fromEntries(this.high)
  }

  /** Seed from a persisted cursor so a fresh process does not replay what it already handled. */
  seed(since: Record<string, number>): void {
    for (const [channel, seq] of Object.entries(since)) {
      if (seq > (this.high.get(channel) ?? 0)) this.high.set(channel, seq)
    }
  }

  private mark(channel: string, seq: number): void {
    let seqs = this.seen.get(channel)
    if (!seqs) this.seen.set(channel, (seqs = new Set()))
    seqs.add(seq)
    const high = Math.max(seq, this.high.get(channel) ?? 0)
    this.high.set(channel, high)
    if (seqs.size > 2 * EnvelopeDedupe.WINDOW) {
      for (const old of seqs) if (old <= high - EnvelopeDedupe.WINDOW) seqs.delete(old)
    }
  }
}
