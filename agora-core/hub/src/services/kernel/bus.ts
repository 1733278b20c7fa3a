import type {StoredMessage} from '../messages/index.js'

/** `elsewhere`: another hub process on the same PostgreSQL database committed it (cluster/attach.ts). */
type Listener = (m: StoredMessage, elsewhere: boolean) => void

/**
 * The in-process fan-out: WS connections listen for every stored message, and long-poll
 * waiters take a promise BEFORE they check, so a post between check and sleep still wakes them.
 */
export class Bus {
  private listeners = new Set<Listener>()
  private waiters: Array<() => void> = []
  private severers = new Set<(agent: string, reason: string) => void>()

  /** Live sockets register here so a hub block or a retirement can cut them (close 4403). */
  onSever(fn: (agent: string, reason: string) => void): () => void {
    this.severers.add(fn)
    return () => this.severers.delete(fn)
  }

  sever(agent: string, reason = 'you are blocked from this hub'): void {
    for (const fn of this.severers) fn(agent, reason)
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  nextPost(): Promise<void> {
    return new Promise(resolve => this.waiters.push(resolve))
  }

  publish(m: StoredMessage, elsewhere = false): void {
    for (const l of this.listeners) {
      try {
        l(m, elsewhere)
      } catch {
        // a failing subscriber never fails the post
      }
    }
    const w = this.waiters
    this.waiters = []
    for (const resolve of w) resolve()
  }

  /** Set when the hub shuts down: long-polls return at once instead of re-checking. */
  closing = false

  wakeAll(): void {
    const w = this.waiters
    this.waiters = []
    for (const resolve of w) resolve()
  }
}
