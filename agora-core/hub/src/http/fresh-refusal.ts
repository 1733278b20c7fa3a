import type {NextFunction, Request, Response} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {AgoraError} from '@agora/protocol'
import {mirrorFreshness} from '../cluster/attach.js'

type Handler = ((req: Request, res: Response, next: NextFunction) => void) & {stack: unknown[]}

/**
 * Refusals a stale mirror can cause: an unknown key (401), no membership or role (403), an unknown
 * channel or seat (404), a rule about members such as `to` naming a non-member (400), a conflict
 * with a membership or role (409). Schema refusals (422), budgets (429) and sizes (413) never rest on a mirror.
 */
const MIRROR_REFUSALS = new Set([400, 401, 403, 404, 409])

/**
 * Whether the request can run again: its body was read whole before the routes (jsonBody), or
 * never touched. A route that streams its own body (an attachment upload) and was refused after
 * reading any of it cannot be replayed: the bytes are gone.
 */
function replayable(req: Request): boolean {
  return req.body !== undefined || !req.readableDidRead
}

/**
 * Read-your-writes across hub processes on PostgreSQL. Each process answers from in-memory mirrors
 * of agents, channels and members that other processes' commits reach a few milliseconds later, so
 * a seat registered, a channel created or a room joined through one process could be refused by
 * the next request on another. A request refused that way first applies every change committed
 * before it (one round trip) and, if any mirror changed while it ran, runs once more: a refused
 * request changed nothing, so running it again is safe. SQLite (one process) passes straight through.
 */
export function freshOnRefusal(ctx: Ctx, handler: Handler): Handler {
  const run = (req: Request, res: Response, next: NextFunction): void => {
    const fresh = mirrorFreshness(ctx)
    if (!fresh) return handler(req, res, next)
    const seen = fresh.mirrorChanges()
    handler(req, res, (err?: unknown) => {
      if (!(err instanceof AgoraError) || !MIRROR_REFUSALS.has(err.status) || res.headersSent || !replayable(req)) return next(err)
      fresh.catchUp().then(() => {
        if (fresh.mirrorChanges() === seen) next(err)
        else handler(req, res, next)
      }, () => next(err))
    })
  }
  return Object.assign(run, {stack: handler.stack})
}
