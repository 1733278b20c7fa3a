import {AgoraError} from '@agora/protocol'

// The hub's refusals. A leaf module (it imports only @agora/protocol), so any file, the presence
// tracker and the budgets included, can throw one without importing the service context.

/** Throw a wire refusal: a status and one sentence that teaches the fix. */
export function fail(status: number, detail: string): never {
  throw new AgoraError(status, detail)
}

/** A 429 that knows when to come back: the HTTP layer sends it as `Retry-After`, WS as `retry_after`. */
export class RateLimited extends AgoraError {
  /** Whole seconds, rounded up, at least 1 (what `Retry-After` allows). */
  readonly retryAfter: number
  constructor(detail: string, waitSeconds: number) {
    super(429, detail)
    this.retryAfter = retryAfterSeconds(waitSeconds)
  }
}

export function retryAfterSeconds(waitSeconds: number): number {
  return Number.isFinite(waitSeconds) ? Math.max(1, Math.ceil(waitSeconds)) : 1
}
