import type {StoredMessage} from '../services/messages/index.js'

/** Rows read per query, and the unflushed backlog frames at which reading pauses. */
export const BACKLOG_PAGE = 500

export interface BacklogPort {
  /** Rows of one channel with seq > after, oldest first. */
  read(channel: string, after: number, limit: number): Promise<StoredMessage[]>
  /** Deliver one backlog row under the delivery rules (it may be skipped). */
  deliver(m: StoredMessage): void
  open(): boolean
  fail(err: unknown): void
}

/**
 * One connection's `since` backlogs, read page by page to exhaustion, channel by channel in the
 * order subscribed. A channel stays held while queued here: its live frames are not pushed, because
 * the reader reaches them in the database, so the channel's frames go out in seq order. Reading
 * pauses while a page is unflushed (a slow reader costs the hub one page, not the whole backlog)
 * and yields to the event loop between pages. A read is async, so a post may commit between the
 * read and its result: a live push skipped while the channel was held is remembered, and the
 * channel is released only once the reader has reached it, so nothing falls between the two.
 */
export class Backlog {
  /** channel -> highest seq read so far (its since before the first read). */
  private readonly queue = new Map<string, number>()
  private unflushed = 0
  private waiting = false
  private scheduled = false
  private running = false
  /** channel -> highest seq a live push skipped while the channel was held. */
  private readonly skipped = new Map<string, number>()

  constructor(private readonly port: BacklogPort) {}

  /** Queue channels with their since; a channel already queued reads from the lower of the two. */
  add(since: Array<[string, number]>): void {
    for (const [channel, seq] of since) {
      const queued = this.queue.get(channel)
      this.queue.set(channel, queued === undefined ? seq : Math.min(queued, seq))
    }
  }

  /** Whether the reader will still reach this seq, so a live push of it must wait. */
  holds(channel: string, seq: number): boolean {
    const after = this.queue.get(channel)
    const held = after !== undefined && seq > after
    if (held && seq > (this.skipped.get(channel) ?? 0)) this.skipped.set(channel, seq)
    return held
  }

  /** A frame of this connection was queued on the socket; flushed() follows once it is written. */
  sending(): void {
    this.unflushed++
  }

  flushed(): void {
    this.unflushed--
    if (this.waiting && this.unflushed < BACKLOG_PAGE / 2) {
      this.waiting = false
      this.schedule()
    }
  }

  /** Read up to one page now (so a short backlog directly follows `subscribed`), the rest later. */
  async pump(): Promise<void> {
    this.scheduled = false
    if (this.running) return
    this.running = true
    try {
      let read = 0
      while (this.queue.size > 0 && this.port.open()) {
        if (this.unflushed >= BACKLOG_PAGE) {
          this.waiting = true
          return
        }
        if (read >= BACKLOG_PAGE) return this.schedule()
        const [channel, after] = this.queue.entries().next().value as [string, number]
        const rows = await this.port.read(channel, Math.min(after, this.queue.get(channel) ?? after), BACKLOG_PAGE)
        read += rows.length
        let last = this.queue.get(channel) ?? after
        for (const m of rows) {
          if (m.seq <= last) continue
          last = m.seq
          this.queue.set(channel, m.seq)
          this.port.deliver(m)
        }
        // Released only when nothing a live push skipped lies beyond what was read; else read on.
        if (rows.length < BACKLOG_PAGE && (this.skipped.get(channel) ?? 0) <= last) {
          this.queue.delete(channel)
          this.skipped.delete(channel)
        }
      }
    } catch (err) {
      this.port.fail(err)
    } finally {
      this.running = false
    }
  }

  private schedule(): void {
    if (this.scheduled) return
    this.scheduled = true
    setImmediate(() => void this.pump())
  }
}
