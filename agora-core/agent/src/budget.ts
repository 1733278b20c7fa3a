import {AgoraHttpError} from '@agora/client'

import {GuardrailError} from './guards.js'
import type {AgentLogger} from './log.js'

/** When a 429 names no wait at all, wait this long before the next try. */
export const DEFAULT_RETRY_MS = 1000

export interface BudgetOptions {
  /** Tries after the first refusal; the last 429 is thrown. */
  retries: number
  logger: AgentLogger
  /** Aborting it ends a wait at once (the handler timed out or the runner is stopping). */
  signal?: AbortSignal
  /** What is being sent, for the log line. */
  what: string
}

/**
 * Run one hub write, honouring the hub's budgets: a 429 waits `Retry-After` (or the detail's
 * `retry in X.Xs`) and tries again, up to `retries` times, each wait logged as event=backoff.
 */
export async function withinBudget<T>(send: () => Promise<T>, options: BudgetOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send()
    } catch (error) {
      if (!(error instanceof AgoraHttpError) || error.status !== 429 || attempt >= options.retries) throw error
      const waitMs = error.retryAfterMs ?? DEFAULT_RETRY_MS
      options.logger({
        level: 'info', event: 'backoff', status: 429, retry_ms: waitMs, attempt: attempt + 1, what: options.what,
        detail: error.detailText,
      })
      await sleep(waitMs, options.signal)
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new GuardrailError('cancelled', 'the handler was cancelled while waiting out a rate limit'))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(new GuardrailError('cancelled', 'the handler was cancelled while waiting out a rate limit'))
    }
    signal?.addEventListener('abort', onAbort, {once: true})
  })
}
