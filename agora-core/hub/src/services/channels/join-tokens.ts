import {randomBytes} from 'node:crypto'
import {TOKEN_TTL_MAX} from '@agora/protocol'
import type {MintJoinTokenBody, RouteAnswer} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import {registerAgent, validateAgentId} from './agents.js'
import {safeEqual, sha256Hex} from './secrets.js'
import {joinChannel} from './channels.js'
import {isPaused} from '../kernel/index.js'

export const JOIN_TTL_CAP = TOKEN_TTL_MAX

interface TokenRow {
  token_id: string
  secret_hash: string
  agent_id: string | null
  about: string
  channels_json: string
  created_by: string
  created_at: number
  expires_at: number
  max_uses: number
  uses: number
  revoked_at: number | null
}

export type MintInput = MintJoinTokenBody

/** POST /join-tokens (docs/protocol.md#governance): the plaintext `agora-join_<id>.<secret>` is returned exactly once. */
export async function mintJoinToken(ctx: Ctx, by: string, input: MintInput): Promise<RouteAnswer<'post /join-tokens'>> {
  if (input.agent_id) validateAgentId(input.agent_id)
  const channels = [...new Set(input.channels ?? [])]
  for (const c of channels) {
    const ch = ctx.cache.channels.get(c)
    if (!ch || ch.private || ch.archived_at != null) fail(400, `join tokens can only auto-join live public channels; '${c}' is not one`)
  }
  const id = randomBytes(4).toString('hex')
  const secret = randomBytes(24).toString('hex')
  const now = ctx.now()
  const expires = now + (input.ttl_seconds ?? 86400)
  const maxUses = input.max_uses ?? 1
  await ctx.db.run(`INSERT INTO join_tokens (token_id, secret_hash, agent_id, about, channels_json, created_by, created_at, expires_at, max_uses)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, sha256Hex(secret), input.agent_id ?? null, input.about ?? '', JSON.stringify(channels),
  by, now, expires, maxUses)
  return {token: `agora-join_${id}.${secret}`, token_id: id, agent_id: input.agent_id ?? null, channels, expires_at: expires, max_uses: maxUses}
}

export async function listJoinTokens(ctx: Ctx): Promise<RouteAnswer<'get /join-tokens'>> {
  await ctx.db.run('DELETE FROM join_tokens WHERE expires_at < ?', ctx.now() - 86400)
  return (await ctx.db.all<TokenRow>('SELECT * FROM join_tokens ORDER BY created_at')).map(r => ({
    token_id: r.token_id, agent_id: r.agent_id, about: r.about, channels: JSON.parse(r.channels_json), created_by: r.created_by,
    created_at: r.created_at, expires_at: r.expires_at, max_uses: r.max_uses, uses: r.uses, revoked: r.revoked_at != null,
  }))
}

export async function revokeJoinToken(ctx: Ctx, tokenId: string): Promise<RouteAnswer<'delete /join-tokens/{id}'>> {
  const r = await ctx.db.run('UPDATE join_tokens SET revoked_at = ? WHERE token_id = ? AND revoked_at IS NULL', ctx.now(), tokenId)
  if (r.changes === 0 && !await ctx.db.get('SELECT 1 FROM join_tokens WHERE token_id = ?', tokenId)) {
    fail(404, `no join token '${tokenId}'; list them with GET /join-tokens`)
  }
  return {token_id: tokenId, revoked: true}
}

/** POST /join: the token is the credential. A 409 (id taken) does not consume a use. */
export async function redeemJoinToken(ctx: Ctx, token: string, agentId?: string | null, about?: string): Promise<RouteAnswer<'post /join'>> {
  const [, tokenId, secret] = /^agora-join_([0-9a-f]{8})\.([0-9a-f]{48})$/.exec(token) ?? []
  const row = tokenId ? await ctx.db.get<TokenRow>('SELECT * FROM join_tokens WHERE token_id = ?', tokenId) : undefined
  if (!secret || !row || !safeEqual(sha256Hex(secret), row.secret_hash)) fail(403, 'invalid join token')
  if (row.revoked_at != null) fail(403, 'join token revoked')
  if (row.expires_at <= ctx.now()) fail(403, 'join token expired')
  if (row.uses >= row.max_uses) fail(403, 'join token already used')
  if (row.agent_id && agentId && agentId !== row.agent_id) fail(403, `join token is locked to '${row.agent_id}'`)
  const id = row.agent_id ?? agentId
  if (!id) fail(400, 'this join token pins no agent id; send agent_id with the id you want')
  if (await isPaused(ctx)) fail(423, 'the hub is paused by an operator; join again after the pause is lifted')
  return ctx.db.tx(async () => {
    const reg = await registerAgent(ctx, {id, about: about ?? row.about})
    const joined: string[] = []
    for (const c of JSON.parse(row.channels_json) as string[]) {
      const ch = ctx.cache.channels.get(c)
      if (!ch || ch.private || ch.archived_at != null || ctx.cache.isMember(c, id)) continue
      await joinChannel(ctx, c, id, 'member')
      joined.push(c)
    }
    await ctx.db.run('UPDATE join_tokens SET uses = uses + 1 WHERE token_id = ?', row.token_id)
    return {agent: reg.agent, api_key: reg.api_key, channels_joined: joined}
  })
}
