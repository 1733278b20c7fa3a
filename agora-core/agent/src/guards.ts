/**
 * Loop-safety guardrails. Each one refuses loudly: the runner logs the refusal naming the guard
 * and its setting, and a handler that trips one gets a GuardrailError it can see.
 */
export type GuardName = 'reply-cap' | 'thread-turn-cap' | 'etiquette' | 'cancelled'

export class GuardrailError extends Error {
  readonly guard: GuardName

  constructor(guard: GuardName, message: string) {
    super(message)
    this.name = 'GuardrailError'
    this.guard = guard
  }
}

/**
 * At most `max` replies to the same peer within a sliding `windowMs`: two agents answering each
 * other's acknowledgements run into it and go quiet, while a third seat is still answered.
 */
export class ReplyCap {
  private readonly sent = new Map<string, number[]>()

  constructor(readonly max: number, readonly windowMs: number, private readonly now: () => number = Date.now) {}

  /** Replies still allowed to `peer` right now. */
  remaining(peer: string): number {
    return Math.max(0, this.max - this.recent(peer).length)
  }

  /** Record one reply to `peer`, or throw when the window is full. */
  take(peer: string): void {
    const recent = this.recent(peer)
    if (recent.length >= this.max) throw new GuardrailError('reply-cap', this.explain(peer))
    recent.push(this.now())
    this.sent.set(peer, recent)
  }

  explain(peer: string): string {
    return `reply cap reached: ${this.max} replies to ${peer} in the last ${Math.round(this.windowMs / 1000)}s ` +
      `(replyCap ${JSON.stringify({max: this.max, windowMs: this.windowMs})}); a possible agent-to-agent loop, so this seat stays quiet toward ${peer} until the window slides`
  }

  private recent(peer: string): number[] {
    const since = this.now() - this.windowMs
    return (this.sent.get(peer) ?? []).filter((at) => at > since)
  }
}

/**
 * At most `max` handler turns per thread. A thread is keyed by its root as far as this process
 * has seen it: each message maps to its parent's root, so a long ping-pong stays one thread.
 */
export class ThreadTurnCap {
  private readonly rootOf = new Map<string, string>()
  private readonly turns = new Map<string, number>()

  constructor(readonly max: number) {}

  /** The thread root of a message with this id and parent, remembered for its replies. */
  root(id: string, replyTo: string | null | undefined): string {
    const root = replyTo ? this.rootOf.get(replyTo) ?? replyTo : id
    this.rootOf.set(id, root)
    return root
  }

  /** Record one turn in the thread rooted at `root`, or throw when it already had `max`. */
  take(root: string): void {
    const used = this.turns.get(root) ?? 0
    if (used >= this.max) {
      throw new GuardrailError('thread-turn-cap', `thread turn cap reached: this seat already took ${this.max} turns in the thread rooted at ${root} ` +
        `(threadTurnCap ${this.max}); raise threadTurnCap or start a new thread if the work really needs more`)
    }
    this.turns.set(root, used + 1)
  }
}
