/**
 * One turn at a time, whoever asks: hub wakes and pane messages go through the same queue, in the
 * order they came. Each turn gets its own signal, so a pane cancel ends that turn and not the runner;
 * the drive's own signal (SIGINT/SIGTERM) still ends whatever runs.
 */
export class TurnGate {
  private tail: Promise<unknown> = Promise.resolve()
  private running: AbortController | null = null
  private waiting = 0

  constructor(private readonly outer?: AbortSignal) {}

  /** A turn runs or waits: a message arriving now is queued behind it. */
  get busy(): boolean {
    return this.running !== null || this.waiting > 0
  }

  exclusive<T>(turn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.waiting++
    const result = this.tail.then(async () => {
      this.waiting--
      const controller = new AbortController()
      this.running = controller
      const signal = this.outer ? AbortSignal.any([this.outer, controller.signal]) : controller.signal
      try {
        return await turn(signal)
      } finally {
        this.running = null
      }
    })
    this.tail = result.catch(() => undefined)
    return result
  }

  /** Cancel the running turn; false when none runs. */
  cancel(): boolean {
    if (!this.running || this.running.signal.aborted) return false
    this.running.abort()
    return true
  }
}
