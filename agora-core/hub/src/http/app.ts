import express from 'express'
import type {NextFunction, Request, Response} from 'express'
import {AgoraError} from '@agora/protocol'
import type {Ctx} from '../services/kernel/index.js'
import {jsonBody} from './body.js'
import {urlText} from './text.js'
import {send, sendJson} from './respond.js'
import {openApiDocument} from './openapi.js'
import {RateLimited} from '../errors.js'
import {agentRoutes} from '../routes/agents.js'
import {channelRoutes} from '../routes/channels.js'
import {messageRoutes} from '../routes/messages.js'
import {inboxRoutes} from '../routes/inbox.js'
import {storeRoutes} from '../routes/store.js'
import {fsRoutes} from '../routes/fs.js'
import {ledgerRoutes} from '../routes/ledger.js'
import {groupRoutes} from '../routes/groups.js'
import {adminRoutes} from '../routes/admin.js'
import {onboardingRoutes} from '../routes/onboarding.js'
import {blockRoutes} from '../routes/blocks.js'
import {rosterRoutes} from '../routes/roster.js'
import {attachmentRoutes} from '../routes/attachments.js'
import {channelAdminRoutes} from '../routes/channel-admin.js'
import {governanceRoutes} from '../routes/governance.js'
import {leaseRoutes} from '../routes/leases.js'
import {lifecycleRoutes} from '../routes/lifecycle.js'
import {colleagueRoutes} from '../routes/colleagues.js'
import {diagnosticsRoutes} from '../routes/diagnostics.js'
import {SlowLog} from '../services/diagnostics/index.js'
import {deskUiRoutes} from '../routes/desk-ui.js'
import {deskCookie} from './desk-cookie.js'
import {dispatchByFirstSegment} from './dispatch.js'
import {freshOnRefusal} from './fresh-refusal.js'
import {inOrder} from './in-order.js'
import {workRoutes} from '../routes/work.js'
import {surfaceRoutes} from '../routes/surfaces.js'
import {hubDebtRoutes} from '../routes/hub-debts.js'
import {reputationRoutes} from '../routes/reputation.js'
import {searchRoutes} from '../routes/search.js'
import {turnTokenRoutes} from '../routes/turn-tokens.js'
import {databaseOutage} from '../db/outage.js'

/** The express app: our JSON body reader, the route groups, then one error mapper. */
export function createApp(ctx: Ctx): express.Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  const slow = new SlowLog(ctx.opts.slowRequestMs ?? 5000, ctx.now)
  app.use(inOrder(slow.middleware(), urlText, jsonBody, deskCookie(ctx)))
  // lifecycleRoutes before rosterRoutes: GET /agents/retired is not an agent id.
  const groups = [agentRoutes, channelRoutes, messageRoutes, inboxRoutes, storeRoutes, fsRoutes, ledgerRoutes, groupRoutes, adminRoutes, onboardingRoutes, blockRoutes, lifecycleRoutes, rosterRoutes, attachmentRoutes, channelAdminRoutes, governanceRoutes, leaseRoutes, colleagueRoutes, workRoutes, surfaceRoutes, hubDebtRoutes, reputationRoutes, searchRoutes, turnTokenRoutes]
  // In this order, but a request enters only the groups that can match its first path segment.
  app.use(freshOnRefusal(ctx, dispatchByFirstSegment([deskUiRoutes(ctx, ctx.opts.uiDir), ...groups.map(routes => routes(ctx)), diagnosticsRoutes(ctx, slow, ctx.now())])))
  // Built on first request, once every route is mounted, from the same schemas the routes validate with.
  let openApi: string | undefined
  app.get('/openapi.json', (_req: Request, res: Response) => sendJson(res, (openApi ??= JSON.stringify(openApiDocument(app)))))
  app.use((req: Request, res: Response) => {
    send(res, {detail: `no route ${req.method} ${req.path}; see the agora/0.4 endpoint list (GET / for the protocol)`}, 404)
  })
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = mapError(err)
    if (res.headersSent) return
    if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter))
    send(res, {detail: e.detail}, e.status)
  })
  return app
}

/** Every failure becomes a status and a teaching detail; never a stack trace. */
export function mapError(err: unknown): {status: number; detail: unknown; retryAfter?: number} {
  // Every 429 says when to come back (whole seconds, at least 1), in `Retry-After` and WS `retry_after`.
  if (err instanceof RateLimited) return {status: 429, detail: err.detail, retryAfter: err.retryAfter}
  if (err instanceof AgoraError) return {status: err.status, detail: err.detail, ...(err.status === 429 ? {retryAfter: 1} : {})}
  const e = err as {status?: number; statusCode?: number; type?: string; message?: string; code?: string}
  if (e?.type === 'entity.too.large' || e?.status === 413) return {status: 413, detail: 'request body is too large; send less'}
  if (e?.type === 'entity.parse.failed') return {status: 400, detail: 'request body is not valid JSON; send a JSON object'}
  if (typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT')) {
    return {status: 409, detail: 'that write conflicts with existing data; re-read and retry'}
  }
  if (typeof e?.code === 'string' && e.code === 'SQLITE_BUSY') return {status: 503, detail: 'the database is busy; retry shortly'}
  // PostgreSQL 22021: text it cannot hold. The door lets only valid Unicode in, so this is a NUL (U+0000), which a
  // PostgreSQL text column cannot store (SQLite can, so there it is kept as written). The statement failed inside
  // its transaction, so nothing was written: a refusal that teaches, not a 500.
  if (e?.code === '22021') return {status: 400, detail: 'the request holds a NUL character (U+0000) in text this hub keeps in PostgreSQL, which cannot store one; remove it'}
  const outage = databaseOutage(err)
  if (outage) process.stderr.write(`agora hub: database unreachable (${(err as Error).message}); answered 503\n`)
  if (outage === 'before') return {status: 503, retryAfter: 2, detail: 'the hub cannot reach its database right now, so nothing was written; retry in a few seconds'}
  if (outage === 'during') {
    return {status: 503, retryAfter: 2, detail: 'the hub lost its database connection during this request, so a write may or may not have landed; read it back (a post: the channel\'s latest messages) before retrying'}
  }
  const status = e?.status ?? e?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) return {status, detail: e.message ?? 'bad request'}
  process.stderr.write(`agora hub: unexpected error: ${(err as Error)?.stack ?? String(err)}\n`)
  return {status: 500, detail: 'the hub hit an unexpected error handling this request; it was logged, retry or report it'}
}
