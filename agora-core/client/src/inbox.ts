import type {AgoraClient} from './client.js'
import type {AgoraSocket} from './socket.js'
import type {Envelope} from './wire.js'

const key = (e: Envelope): string => `${e.channel}#${e.seq}#${e.id}`

/**
 * An interleaving queue a loop drains at its own boundaries. The socket feeds it; the loop takes
 * envelopes with drain()/next() and acks only what it handled: a channel's cursor never moves
 * past an envelope that was delivered but not yet handled.
 */
export class Inbox {
  private readonly client: AgoraClient
  private readonly queue: Envelope[] = []
  private readonly outstanding = new Map<string, Envelope>()
  private readonly handledMax = new Map<string, number>()
  private readonly acked = new Map<string, number>()
  private waiters: Array<(envelope: Envelope | null) => void> = []
  private readonly detach: () => void

  constructor(options: {client: AgoraClient; socket?: AgoraSocket}) {
    this.client = options.client
    const onEnvelope = (envelope: Envelope): void => this.push(envelope)
    options.socket?.on('envelope', onEnvelope)
    this.detach = () => options.socket?.off('envelope', onEnvelope)
  }

  get size(): number {
    return this.queue.length
  }

  push(envelope: Envelope): void {
    this.outstanding.set(key(envelope), envelope)
    const waiter = this.waiters.shift()
    if (waiter) waiter(envelope)
    else this.queue.push(envelope)
  }

  /** Everything queued, oldest first; the queue is left empty. */
  drain(): Envelope[] {
    return this.queue.splice(0, this.queue.length)
  }

  /** The next envelope, waiting up to timeoutMs; null on timeout. */
  next(timeoutMs: number): Promise<Envelope | null> {
    const head = this.queue.shift()
    if (head) return Promise.resolve(head)
    return new Promise((resolve) => {
      const waiter = (envelope: Envelope | null): void => {
        clearTimeout(timer)
        resolve(envelope)
      }
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter)
        resolve(null)
      }, timeoutMs)
      this.waiters.push(waiter)
    })
  }

  /**
   * Ack what was handled. Per channel the cursor is the highest handled seq, held below the lowest
   * seq still delivered-but-unhandled there; a held-back cursor advances on a later ack once the
   * gap is handled. Returns the cursors sent ({} sends nothing).
   */
  async ack(handled: Envelope[]): Promise<Record<string, number>> {
    for (const envelope of handled) {
      this.outstanding.delete(key(envelope))
      this.handledMax.set(envelope.channel, Math.max(this.handledMax.get(envelope.channel) ?? 0, envelope.seq))
    }
    const cursors: Record<string, number> = {}
    for (const [channel, seq] of this.handledMax) cursors[channel] = seq
    for (const pending of this.outstanding.values()) {
      const cursor = cursors[pending.channel]
      if (cursor !== undefined && pending.seq <= cursor) cursors[pending.channel] = pending.seq - 1
    }
    for (const [channel, seq] of Object.entries(cursors)) {
      if (seq < 1 || seq <= (this.acked.get(channel) ?? 0)) delete cursors[channel]
    }
    if (Object.keys(cursors).length === 0) return cursors
    await this.client.ack(cursors)
    for (const [channel, seq] of Object.entries(cursors)) this.acked.set(channel, seq)
    return cursors
  }

  /** Stop listening to the socket and release anyone waiting in next(). */
  close(): void {
    this.detach()
    for (const waiter of this.waiters.splice(0)) waiter(null)
  }
}
