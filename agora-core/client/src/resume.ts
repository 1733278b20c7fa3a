/**
 * Where each channel can resume without a gap, and what the current connection proves about it.
 *
 * The hub (docs/protocol.md#websocket) sends, after a `subscribed` for a subscribe with `since`, every seq above
 * that since exactly once and in order; frames that arrive before the `subscribed` may run ahead
 * of the backlog, so they never move a resume point. A channel first heard of live is gapless only
 * from that frame on; an `/inbox` sweep that shows older seqs there (or a channel not heard of at
 * all) is caught up by subscribing with `since` just below the oldest seq seen, which the hub pages
 * to exhaustion however large the gap.
 */
export class ResumePoints {
  /** Per channel: every seq at or below it was delivered (survives reconnects). */
  private readonly resume = new Map<string, number>()
  /** Per connection: subscribes with since sent and not yet confirmed. */
  private readonly pending = new Map<string, number>()
  /** Per connection: confirmed subscribes; the stream continues the resume point without a gap. */
  private readonly complete = new Set<string>()
  /** Per connection: channels first heard of live, with the seq below the first frame. */
  private readonly heard = new Map<string, number>()

  /** Raise resume points to a cursor the caller vouches for (the `since` it passes). */
  seed(since: Record<string, number>): void {
    for (const [channel, seq] of Object.entries(since)) {
      if (seq > (this.resume.get(channel) ?? -1)) this.resume.set(channel, seq)
    }
  }

  points(): Record<string, number> {
    return Object.fromEntries(this.resume)
  }

  /** A new connection proves nothing yet. */
  reset(): void {
    this.pending.clear()
    this.complete.clear()
    this.heard.clear()
  }

  /** A subscribe frame with these since values is going out on the current connection. */
  subscribing(since: Record<string, number>): void {
    for (const channel of Object.keys(since)) this.pending.set(channel, (this.pending.get(channel) ?? 0) + 1)
  }

  /** The hub confirmed a subscribe; its backlog and the live stream follow in order. */
  subscribed(channels: string[]): void {
    for (const channel of channels) {
      const left = (this.pending.get(channel) ?? 0) - 1
      if (left > 0) this.pending.set(channel, left)
      else if (left === 0) {
        this.pending.delete(channel)
        this.complete.add(channel)
        this.heard.delete(channel)
      }
    }
  }

  /** An envelope arrived on the socket. */
  received(channel: string, seq: number, retracted: boolean): void {
    if (this.pending.has(channel)) return
    if (this.complete.has(channel) || this.heard.has(channel)) {
      if (seq > (this.resume.get(channel) ?? 0)) this.resume.set(channel, seq)
    } else if (!retracted && !this.resume.has(channel)) {
      this.heard.set(channel, seq - 1)
      this.resume.set(channel, seq)
    }
  }

  /**
   * After an `/inbox` sweep: the since to subscribe with for every channel the connection does not
   * already stream gaplessly from its resume point. Resume points drop to it (replays are deduped).
   */
  catchUp(oldestSeen: Map<string, number>): Record<string, number> {
    const since: Record<string, number> = {}
    for (const [channel, oldest] of oldestSeen) {
      if (this.complete.has(channel) || this.pending.has(channel)) continue
      const from = Math.max(0, Math.min(oldest - 1, this.heard.get(channel) ?? Infinity, this.resume.get(channel) ?? Infinity))
      since[channel] = from
      this.resume.set(channel, from)
    }
    return since
  }
}
