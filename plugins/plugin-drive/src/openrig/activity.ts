import type {ActivityEndpoint} from './endpoint.js'

/** The seat's launch identity: stamped on every post, never taken from the agent. */
export interface RunnerIdentity {
  sessionName: string
  nodeId: string
  runtime: string
  generation: string
}

export interface ActivityEvent {
  hookEvent: string
  subtype?: string
  turnId?: string
  /** 1–3600, on idle Stops (the turn's end and each idle beat). */
  livenessSeconds?: number
}

/** Each post's budget; a slow or dead OpenRig never holds a turn up longer. */
export const POST_TIMEOUT_MS = 1500

/**
 * Posts activity one at a time, in order, each with a short timeout; errors are counted and
 * swallowed. `post` never blocks its caller: it queues and returns. Identity is the launch's,
 * and never a conversation id (the launch record is the only identity channel).
 */
export class ActivityPoster {
  private sequence = 0
  private chain: Promise<void> = Promise.resolve()
  failures = 0
  sent = 0

  constructor(private readonly endpoint: ActivityEndpoint | null, private readonly identity: RunnerIdentity,
    private readonly now: () => Date = () => new Date(), private readonly fetchImpl: typeof fetch = fetch) {}

  post(event: ActivityEvent): void {
    if (!this.endpoint) return
    const body = {
      sessionName: this.identity.sessionName, nodeId: this.identity.nodeId, runtime: this.identity.runtime, generation: this.identity.generation,
      sequence: ++this.sequence, occurredAt: this.now().toISOString(), hookEvent: event.hookEvent,
      ...(event.subtype ? {subtype: event.subtype} : {}), ...(event.turnId ? {turnId: event.turnId} : {}),
      ...(event.livenessSeconds ? {livenessSeconds: event.livenessSeconds} : {}),
    }
    const {base, token} = this.endpoint
    this.chain = this.chain.then(async () => {
      try {
        const res = await this.fetchImpl(`${base}/api/activity/hooks`, {
          method: 'POST', headers: {'content-type': 'application/json', authorization: `Bearer ${token}`}, body: JSON.stringify(body),
          signal: AbortSignal.timeout(POST_TIMEOUT_MS),
        })
        await res.body?.cancel().catch(() => undefined)
        if (res.ok) this.sent++
        else this.failures++
      } catch {
        this.failures++
      }
    })
  }

  /** Wait for the queue (at exit), bounded by the posts' own timeouts. */
  drain(): Promise<void> {
    return this.chain
  }
}
