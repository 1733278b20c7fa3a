/** Wire error: `{detail}` with a status; schema violations carry a `[{loc,msg,type}]` list. */
export interface SchemaViolation {
  loc: Array<string | number>
  msg: string
  type: string
}

export interface WireError {
  detail: string | SchemaViolation[]
}

/** The hub's refusal vocabulary: the status each kind of refusal answers with (docs/protocol.md#conventions). */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  tooLarge: 413,
  schema: 422,
  paused: 423,
  rateLimited: 429,
} as const

export type ErrorKind = keyof typeof ERROR_STATUS

/** Stable detail texts clients may match on. */
export const ERRORS = {
  missingBearer: 'missing bearer token',
  invalidApiKey: 'invalid api key',
  notAdmin: 'this route needs the hub admin key as the bearer token',
  bareReply: 'status=reply needs reply_to: name the message you are replying to (or use status=fyi for a new thread)',
  hubPaused: 'the hub is paused by an operator; reads still work, try the write again after the pause is lifted',
} as const

export class AgoraError extends Error {
  readonly status: number
  readonly detail: string | SchemaViolation[]
  constructor(status: number, detail: string | SchemaViolation[]) {
    super(typeof detail === 'string' ? detail : detail.map(d => d.msg).join('; '))
    this.name = 'AgoraError'
    this.status = status
    this.detail = detail
  }
}
