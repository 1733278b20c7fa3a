/** FastAPI-style 422 item: `{loc, msg, type}`. */
export interface ValidationIssue {
  loc: Array<string | number>
  msg: string
  type: string
  [extra: string]: unknown
}

/** Any hub answer with status ≥ 400. `detail` is the hub's teaching sentence or the 422 list. */
export class AgoraHttpError extends Error {
  readonly status: number
  readonly detail: string | ValidationIssue[] | unknown
  readonly method: string
  readonly path: string
  /** The response's `Retry-After` header as sent (seconds or an HTTP date), when there was one. */
  readonly retryAfter: string | undefined
  /** The whole error body, for routes that answer more than a detail (a lease 409 lists its `conflicts`). */
  readonly body: unknown

  constructor(status: number, detail: unknown, method: string, path: string, retryAfter?: string, body: unknown = null) {
    super(`${method} ${path} → ${status}: ${describeDetail(detail)}`)
    this.name = 'AgoraHttpError'
    this.status = status
    this.detail = detail
    this.method = method
    this.path = path
    this.retryAfter = retryAfter ?? undefined
    this.body = body
  }

  /**
   * How long the hub asked us to wait, in ms: the `Retry-After` header when present, else the
   * detail's `retry in X.Xs`; undefined when the answer names no wait.
   */
  get retryAfterMs(): number | undefined {
    return retryAfterMs(this.retryAfter, this.detailText)
  }

  /** The detail as one line, whether the hub sent a sentence or a validation list. */
  get detailText(): string {
    return describeDetail(this.detail)
  }
}

/** The hub could not be reached at all (refused, DNS, reset, timeout). */
export class AgoraUnreachableError extends Error {
  readonly url: string
  override readonly cause: unknown

  constructor(url: string, cause: unknown) {
    const why = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause)
    super(`agora hub at ${url} is unreachable (${why}); start it with \`agora up\` or check --url / AGORA_URL`)
    this.name = 'AgoraUnreachableError'
    this.url = url
    this.cause = cause
  }
}

export function describeDetail(detail: unknown): string {
  if (typeof detail === 'string') return detail
  if (Array.isArray(detail)) {
    return detail
      .map((item) => {
        const issue = item as Partial<ValidationIssue>
        const where = Array.isArray(issue.loc) ? issue.loc.join('.') : '?'
        return `${where}: ${issue.msg ?? JSON.stringify(item)}`
      })
      .join('; ')
  }
  return detail === undefined ? 'no detail' : JSON.stringify(detail)
}

/** `Retry-After` (delta-seconds or HTTP date) wins; the hub's `retry in X.Xs` sentence is the fallback. */
export function retryAfterMs(header: string | undefined, detail: string, now: number = Date.now()): number | undefined {
  const value = header?.trim()
  if (value) {
    if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000)
    const at = Date.parse(value)
    if (!Number.isNaN(at)) return Math.max(0, at - now)
  }
  const match = /retry in (\d+(?:\.\d+)?)\s*s/i.exec(detail)
  return match ? Math.round(Number(match[1]) * 1000) : undefined
}
