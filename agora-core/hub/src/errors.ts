import {AgoraError} from '@agora/protocol'
import type {SchemaViolation} from '@agora/protocol'

// The hub's refusals as classes, so code tells them apart with `instanceof` instead of flags
// set on a plain Error. A leaf module (it imports only @agora/protocol), so any file, the
// presence tracker and the budgets included, can throw one without importing the service context.
// The HTTP error mapper (http/app.ts mapError) and the WS error frame turn each into
// `{detail}` with its status; these classes decide nothing about the wire beyond that.

/**
 * A request the hub refuses: a 4xx status and one sentence that teaches the fix (or a
 * `[{loc,msg,type}]` list for a schema refusal). It is an AgoraError, the protocol's wire error,
 * so everything that already maps an AgoraError maps it the same way.
 */
export class HubRefusal extends AgoraError {
  constructor(status: number, detail: string | SchemaViolation[]) {
    super(status, detail)
    this.name = 'HubRefusal'
  }
}

/** Throw a wire refusal: a status and one sentence that teaches the fix. */
export function fail(status: number, detail: string): never {
  throw new HubRefusal(status, detail)
}

/** A 429 that knows when to come back: the HTTP layer sends it as `Retry-After`, WS as `retry_after`. */
export class RateLimited extends HubRefusal {
  /** Whole seconds, rounded up, at least 1 (what `Retry-After` allows). */
  readonly retryAfter: number
  constructor(detail: string, waitSeconds: number) {
    super(429, detail)
    this.name = 'RateLimited'
    this.retryAfter = retryAfterSeconds(waitSeconds)
  }
}

export function retryAfterSeconds(waitSeconds: number): number {
  return Number.isFinite(waitSeconds) ? Math.max(1, Math.ceil(waitSeconds)) : 1
}

/**
 * A message whose dedupe key this sender already used in this channel (a notice key, or a
 * system alert's once-only key). Posted by a seat it is a 409 that says to reply to the first
 * post instead; a hub sweep catches it and treats the alert as already sent.
 */
export class DuplicateDedupeKey extends HubRefusal {
  constructor(readonly channel: string, readonly key: string) {
    super(409, `you already posted a notice with key '${key}' in '${channel}'; reply to it instead`)
    this.name = 'DuplicateDedupeKey'
  }
}
