import {cliForRouteIn} from './cli-for-route.js'

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

  /**
   * The refusal as a CLI says it: the hub's detail (it already teaches the fix), then what to run when the
   * fix is outside the request (a key, a role, a pause, the hub's pace or health), and the HTTP exchange
   * last, in brackets, for a bug report. `POST /agents → 409: …` reads like a trace; this reads like advice.
   */
  get spoken(): string {
    const next = nextStep(this.status, this.retryAfterMs, this.detailText, this.path)
    return `${this.detailText}${next ? `\n${next}` : ''}\n(hub answered ${this.status} to ${this.method} ${this.path})`
  }
}

/**
 * What to run next for a refusal whose fix is not in the request itself, or null. `detail` (the hub's sentence)
 * picks the CLI's words where the hub speaks the wire's: `expect_version=N` is the flag `--expect-version N`, and
 * a retired seat is put back by an operator, not by `agora whoami`.
 */
export function nextStep(status: number, retryAfterMs?: number, detail = '', path = ''): string | null {
  const version = status === 409 ? /\bexpect_version=(\d+)/.exec(detail) : null
  if (version) {
    const reread = rereadCommand(path)
    return `${reread ? `Read it again (\`${reread}\`), then run` : 'Run'} the same command with --expect-version ${version[1]}.`
  }
  const retired = status === 403 ? /\bseat '([^']+)' has been retired/.exec(detail) : null
  if (retired) return `Only an operator can put it back: \`agora unretire ${retired[1]}\`.`
  const listing = status === 400 || status === 404 ? cliForRouteIn(detail) : null
  if (listing) return `From the CLI: \`${listing}\`.`
  if (status === 401) return 'Run `agora setup <id>` in this folder (or `agora join <invite line>`) so this seat has a key this hub knows; `agora status` shows which hub and seat this folder uses.'
  if (status === 403) return 'Run `agora whoami` to see this seat\'s role and channels; an operator can `agora promote <id>` or `agora delegate <id> …`, or act with the admin key.'
  if (status === 423) return 'The hub is paused: wait for an operator\'s `agora resume`, then run the same command again.'
  if (status === 429) return `The hub is pacing this seat: run the same command again${retryAfterMs === undefined ? ' shortly' : ` in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`}.`
  if (status >= 500) return 'The hub failed on its side: its console (`agora up`) has the error; run the same command again once it is back.'
  return null
}

/** The CLI command that reads what a compare-and-swap write to `path` conflicted with, or null. */
function rereadCommand(path: string): string | null {
  const m = /^\/channels\/([^/?]+)\/(fs|store)\/([^?]+)$/.exec(path)
  if (!m) return null
  const [, channel = '', plane, rest = ''] = m.map(part => { try { return decodeURIComponent(part) } catch { return part } })
  return plane === 'fs' ? `agora fs read ${channel} ${rest}` : `agora store get ${channel} ${rest}`
}

/**
 * An argument this client refuses before sending, because no request could carry it as meant (a path
 * segment that is not well-formed Unicode, or `.`/`..`, which a URL reads as a folder step). Status 400:
 * the fix is in the argument, exactly as if the hub had refused it.
 */
export class AgoraArgumentError extends Error {
  readonly status = 400
  constructor(detail: string) {
    super(detail)
    this.name = 'AgoraArgumentError'
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

/**
 * A hub `{"type":"error"}` frame on the live socket: advisory (the socket stays open). `status`
 * is the HTTP status the same refusal would carry, when the frame names one.
 */
export class AgoraFrameError extends Error {
  readonly status: number | undefined
  constructor(detail: string, status?: number) {
    super(detail)
    this.name = 'AgoraFrameError'
    this.status = status
  }
}
