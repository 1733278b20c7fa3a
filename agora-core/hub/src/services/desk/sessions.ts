import {randomBytes} from 'node:crypto'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {Principal} from '../channels/index.js'
import {activeHubBlock} from '../channels/index.js'
import {sha256Hex} from '../channels/index.js'

/** A login link works once, for two minutes: long enough to click, short enough to be useless in a scrollback. */
export const LOGIN_TOKEN_TTL = 120
/** A desk session lasts a working day; `agora ui` mints a new link after that. */
export const SESSION_TTL = 12 * 3600
export const SESSION_COOKIE = 'agora_desk'

export interface LoginToken {
  token: string
  seat: string
  admin: boolean
  expires_at: number
}

/**
 * Mint a one-time login token (docs: agora-core/desk/README.md). A seat mints for itself; the
 * admin key mints for a named operator seat, and that session may also use the admin routes
 * (pause, resume) the operator could call with the key. Only the token's hash is stored.
 */
export async function mintLoginToken(ctx: Ctx, p: Principal, seat: string | undefined): Promise<LoginToken> {
  let target: string
  if (p.admin) {
    if (!seat) fail(422, "the admin key mints a desk login for a seat: send {\"seat\": \"<operator seat id>\"}")
    const a = ctx.cache.agents.get(seat)
    if (!a || a.retired_at != null) fail(404, `no seat '${seat}'; register one with \`agora register ${seat} --operator\``)
    if (!a.operator) fail(403, `'${seat}' is not an operator seat; promote it (\`agora promote ${seat}\`) or log in with its own key`)
    target = a.id
  } else {
    if (!p.agent) fail(401, 'missing bearer token')
    if (seat && seat !== p.agent.id) fail(403, `a seat mints a desk login only for itself ('${p.agent.id}'), not '${seat}'`)
    target = p.agent.id
  }
  const token = `desk_${randomBytes(24).toString('hex')}`
  const now = ctx.now()
  const expires = now + LOGIN_TOKEN_TTL
  await ctx.db.run('DELETE FROM desk_login_tokens WHERE expires_at < ?', now)
  await ctx.db.run('INSERT INTO desk_login_tokens (token_hash, agent_id, admin, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    sha256Hex(token), target, p.admin ? 1 : 0, now, expires)
  return {token, seat: target, admin: p.admin, expires_at: expires}
}

/** Exchange a login token for a session id; the token is spent even if the exchange is refused later. */
export async function redeemLoginToken(ctx: Ctx, token: string): Promise<{session: string; seat: string; admin: boolean; expires_at: number}> {
  const hash = sha256Hex(token)
  const now = ctx.now()
  return ctx.db.tx(async () => {
    const row = await ctx.db.get<{agent_id: string; admin: number; expires_at: number}>(
      'SELECT agent_id, admin, expires_at FROM desk_login_tokens WHERE token_hash = ?', hash)
    await ctx.db.run('DELETE FROM desk_login_tokens WHERE token_hash = ?', hash)
    if (!row || row.expires_at < now) fail(401, 'this desk login link is used or expired; run `agora ui` for a new one')
    const session = randomBytes(32).toString('hex')
    const expires = now + SESSION_TTL
    await ctx.db.run('DELETE FROM desk_sessions WHERE expires_at < ?', now)
    await ctx.db.run('INSERT INTO desk_sessions (session_hash, agent_id, admin, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      sha256Hex(session), row.agent_id, row.admin, now, expires)
    return {session, seat: row.agent_id, admin: row.admin === 1, expires_at: expires}
  })
}

export async function endSession(ctx: Ctx, session: string): Promise<void> {
  await ctx.db.run('DELETE FROM desk_sessions WHERE session_hash = ?', sha256Hex(session))
}

/** The principal a session cookie stands for, checked like a bearer key (blocked and retired seats are refused). */
export async function sessionPrincipal(ctx: Ctx, session: string): Promise<Principal> {
  const row = await ctx.db.get<{agent_id: string; admin: number; expires_at: number}>(
    'SELECT agent_id, admin, expires_at FROM desk_sessions WHERE session_hash = ?', sha256Hex(session))
  if (!row || row.expires_at < ctx.now()) fail(401, 'the desk session ended; run `agora ui` for a new login link')
  const agent = ctx.cache.agents.get(row.agent_id)
  if (!agent || agent.retired_at != null) fail(403, `seat '${row.agent_id}' has been retired; its desk session is over`)
  const block = await activeHubBlock(ctx, agent.id)
  if (block) fail(403, `you are blocked from this hub by ${block.imposed_by}; ask an operator to lift it`)
  ctx.lastSeen.set(agent.id, ctx.now())
  // An admin-minted session was for an operator seat; a demoted seat loses the admin routes with its role.
  return {id: agent.id, operator: agent.operator, admin: row.admin === 1 && agent.operator, agent}
}

/** The session id from a Cookie header, or null. */
export function sessionCookie(header: string | undefined): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === SESSION_COOKIE) {
      const value = rest.join('=')
      return /^[0-9a-f]{64}$/.test(value) ? value : null
    }
  }
  return null
}
