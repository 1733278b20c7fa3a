import type {NextFunction, Request, Response} from 'express'
import {AgoraError} from '@agora/protocol'
import type {Ctx} from '../services/kernel/index.js'
import type {Principal} from '../services/channels/index.js'
import {sessionCookie, sessionPrincipal} from '../services/desk/index.js'
import {send} from './respond.js'

declare module 'express-serve-static-core' {
  interface Request {
    /** The seat a desk session cookie stands for, when the request carries no Authorization header. */
    deskPrincipal?: Principal
  }
}

/** The header every cookie-authenticated write must carry: a cross-site form cannot set it, and fetch from elsewhere needs a preflight we never grant. */
export const DESK_HEADER = 'x-agora-desk'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Desk cookie auth (agora-core/desk/README.md): a request without a bearer but with the
 * `agora_desk` session cookie acts as that session's seat. A bearer always wins over the cookie.
 */
export function deskCookie(ctx: Ctx) {
  // Synchronous unless a session cookie came: most requests carry a bearer and pay for no promise.
  return (req: Request, res: Response, next: NextFunction): void | Promise<void> => {
    const session = req.headers.authorization ? null : sessionCookie(req.headers.cookie)
    if (!session) return next()
    return withSession(ctx, session, req, res, next)
  }
}

async function withSession(ctx: Ctx, session: string, req: Request, res: Response, next: NextFunction): Promise<void> {
  try {
    req.deskPrincipal = await sessionPrincipal(ctx, session)
  } catch (err) {
    // The desk's own pages and login exchange still load; everything else says why the session is gone.
    if (req.path.startsWith('/ui/') || req.path === '/ui') return next()
    const e = err instanceof AgoraError ? err : new AgoraError(401, 'the desk session is not valid; run `agora ui`')
    return send(res, {detail: e.detail}, e.status)
  }
  if (!SAFE.has(req.method) && req.headers[DESK_HEADER] !== '1') {
    return send(res, {detail: `a desk session writes only with the ${DESK_HEADER}: 1 header (the desk page sends it); scripts use a bearer key`}, 403)
  }
  next()
}
