import type {Envelope} from '@agora/client'

import type {SavedCursors} from './cursor-file.js'

/**
 * Exactly-once on top of an at-least-once transport: an envelope is dispatched only if its
 * (channel, seq) is above the channel's acked cursor and was not seen before, whichever path
 * (live push, backlog, /inbox sweep) brought it. The socket dedupes too; this does not rely on it.
 */
export class SeqLedger {
  private readonly floor = new Map<string, number>()
  private readonly seen = new Map<string, Set<number>>()
  private readonly handled = new Map<string, Set<number>>()

  constructor(saved: SavedCursors = {}) {
    for (const [channel, {acked, handled}] of Object.entries(saved)) {
      this.floor.set(channel, acked)
      this.seen.set(channel, new Set(handled))
      this.handled.set(channel, new Set(handled))
    }
  }

  /** True the first time this (channel, seq) shows up above the cursor; false for every repeat. */
  accept(envelope: Envelope): boolean {
    if (envelope.seq <= (this.floor.get(envelope.channel) ?? 0)) return false
    const seen = this.setOf(this.seen, envelope.channel)
    if (seen.has(envelope.seq)) return false
    seen.add(envelope.seq)
    return true
  }

  markHandled(channel: string, seq: number): void {
    this.setOf(this.handled, channel).add(seq)
  }

  /** The hub took this cursor: everything at or below it is settled and can be forgotten. */
  markAcked(channel: string, cursor: number): void {
    if (cursor <= (this.floor.get(channel) ?? 0)) return
    this.floor.set(channel, cursor)
    for (const map of [this.seen, this.handled]) {
      const seqs = map.get(channel)
      if (seqs) for (const seq of seqs) if (seq <= cursor) seqs.delete(seq)
    }
  }

  /** What a restart needs: per channel the acked cursor and the handled seqs above it. */
  snapshot(): SavedCursors {
    const out: SavedCursors = {}
    const channels = new Set([...this.floor.keys(), ...this.handled.keys()])
    for (const channel of channels) {
      out[channel] = {acked: this.floor.get(channel) ?? 0, handled: [...(this.handled.get(channel) ?? [])]}
    }
    return out
  }

  /** Per-channel acked cursor, the `since` of a resume. */
  cursors(): Record<string, number> {
    return Object.fromEntries(this.floor)
  }

  private setOf(map: Map<string, Set<number>>, channel: string): Set<number> {
    let seqs = map.get(channel)
    if (!seqs) map.set(channel, (seqs = new Set()))
    return seqs
  }
}
