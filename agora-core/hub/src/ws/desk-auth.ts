import type {IncomingMessage} from 'node:http'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import type {Principal} from '../services/channels/index.js'
import {sessionCookie, sessionPrincipal} from '../services/desk/index.js'

/**
 * The desk page's WebSocket authenticates with its session cookie. Browsers send cookies on a
 * cross-site WebSocket handshake unless SameSite stops them, so the Origin must also be this hub
 * itself: another page cannot ride the operator's session (cross-site WebSocket hijacking).
 */
export async function deskSocketPrincipal(ctx: Ctx, req: IncomingMessage): Promise<Principal | null> {
  const session = sessionCookie(req.headers.cookie)
  if (!session) return null
  const origin = req.headers.origin
  if (!origin || new URL(origin).host !== req.headers.host) {
    fail(403, 'a desk session connects only from the desk page served by this hub')
  }
  return sessionPrincipal(ctx, session)
}
