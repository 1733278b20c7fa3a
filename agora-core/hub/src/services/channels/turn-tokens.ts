import {randomBytes} from 'node:crypto'
import {TURN_TOKEN_TTL_DEFAULT} from '@agora/protocol'
import type {MintTurnTokenBody, RouteAnswer} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import {safeEqual, sha256Hex} from './secrets.js'

/** The plaintext shape: `agora-turn_<token id>.<secret>`. Only the secret's SHA-256 is stored. */
const TOKEN_RE = /^agora-turn_([0-9a-f]{16})\.([0-9a-f]{48})$/

interface TurnTokenRow {
  token_id: string
  secret_hash: string
  agent_id: string
  turn_id: string
  created_at: number
  expires_at: number
  session_id: string | null
  revoked_at: number | null
}

/** What a redeemed token vouches for. */
export interface TurnGrant {
  token_id: string
  agent_id: string
  turn_id: string
  session_id: string
  expires_at: number
}

/** POST /turn-tokens: a token for one turn of `agentId`; the plaintext is returned exactly once. */
export async function mintTurnToken(ctx: Ctx, agentId: string, input: MintTurnTokenBody): Promise<RouteAnswer<'post /turn-tokens'>> {
  const id = randomBytes(8).toString('hex')
  const secret = randomBytes(24).toString('hex')
  const now = ctx.now()
  const expires = now + (input.ttl_seconds ?? TURN_TOKEN_TTL_DEFAULT)
  // Tokens a day past their expiry are of no use even to an audit; sweep them with each mint.
  await ctx.db.run('DELETE FROM turn_tokens WHERE agent_id = ? AND expires_at < ?', agentId, now - 86400)
  await ctx.db.run(`INSERT INTO turn_tokens (token_id, secret_hash, agent_id, turn_id, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?)`, id, sha256Hex(secret), agentId, input.turn_id, now, expires)
  return {token: `agora-turn_${id}.${secret}`, token_id: id, agent_id: agentId, turn_id: input.turn_id, expires_at: expires}
}

/**
 * POST /turn-tokens/redeem. The seat serving an HTTP MCP session asks whether a presented token
 * may act as it on `sessionId`. The first redeem binds the token to that session; a later one
 * with another session is a replay (409). A token of another seat is 403, whatever its state.
 */
export async function redeemTurnToken(ctx: Ctx, callerId: string, token: string, sessionId: string): Promise<TurnGrant> {
  const [, tokenId, secret] = TOKEN_RE.exec(token) ?? []
  if (!tokenId || !secret) fail(401, 'that is not a turn token (agora-turn_<id>.<secret>); ask the driving seat to mint one with POST /turn-tokens')
  const row = await ctx.db.get<TurnTokenRow>('SELECT * FROM turn_tokens WHERE token_id = ?', tokenId)
  if (!row || !safeEqual(row.secret_hash, sha256Hex(secret))) fail(401, 'unknown turn token; the driving seat mints one per turn with POST /turn-tokens')
  if (row.agent_id !== callerId) fail(403, `this turn token belongs to another seat; present it to that seat's MCP endpoint, not ${callerId}'s`)
  if (row.revoked_at != null) fail(401, 'this turn token was revoked when its turn ended; the next turn brings a new one')
  if (row.expires_at <= ctx.now()) fail(401, 'this turn token has expired; the next turn brings a new one')
  if (row.session_id === null) {
    // Bind atomically: of two sessions racing to open with one token, exactly one wins.
    const won = await ctx.db.run('UPDATE turn_tokens SET session_id = ? WHERE token_id = ? AND session_id IS NULL', sessionId, row.token_id)
    if (won.changes === 0) row.session_id = (await ctx.db.get<{session_id: string}>('SELECT session_id FROM turn_tokens WHERE token_id = ?', row.token_id))?.session_id ?? null
    else row.session_id = sessionId
  }
  if (row.session_id !== sessionId) fail(409, 'this turn token already opened another MCP session (replay); one token opens one session, mint a new one per turn')
  return {token_id: row.token_id, agent_id: row.agent_id, turn_id: row.turn_id, session_id: sessionId, expires_at: row.expires_at}
}

/** DELETE /turn-tokens/:id: the minting seat ends its token early (the turn is over). */
export async function revokeTurnToken(ctx: Ctx, agentId: string, tokenId: string): Promise<RouteAnswer<'delete /turn-tokens/{id}'>> {
  const row = await ctx.db.get<TurnTokenRow>('SELECT * FROM turn_tokens WHERE token_id = ? AND agent_id = ?', tokenId, agentId)
  if (!row) fail(404, `no turn token '${tokenId}' of yours; the id is the part between agora-turn_ and the dot`)
  await ctx.db.run('UPDATE turn_tokens SET revoked_at = ? WHERE token_id = ? AND revoked_at IS NULL', ctx.now(), tokenId)
  return {token_id: tokenId, revoked: true}
}
