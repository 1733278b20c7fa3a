import {randomBytes} from 'node:crypto'
import type {RegisterBody, RouteAnswer} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail, sanitize, sanitizeMultiline} from '../kernel/index.js'
import type {AgentRec} from '../kernel/index.js'
import {joinChannel} from './channels.js'
import {safeEqual, sha256Hex} from './secrets.js'
import {hubBlockMirror} from '../../db/pg-hub-blocks.js'

export const AGENT_ID_RE = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/
export const RESERVED_IDS = new Set(['hub', 'all'])

/** Who is calling: a seat, or the admin key acting as the synthetic operator principal. */
export interface Principal {
  id: string
  operator: boolean
  admin: boolean
  agent: AgentRec | null
}

export function validateAgentId(id: string): void {
  if (id.includes('--')) fail(400, `agent id '${id}' contains '--', which is reserved as the DM separator; pick an id without a double dash`)
  if (!AGENT_ID_RE.test(id)) {
    fail(400, `agent id '${id}' is invalid: use 1-64 lowercase letters, digits, '-' or '_', starting and ending with a letter or digit`)
  }
  if (RESERVED_IDS.has(id)) fail(400, `agent id '${id}' is reserved by the hub; pick another id`)
}

export function cleanAbout(about: string): string {
  const text = sanitize(about)
  if (text.length > 500) fail(400, `about is ${text.length} characters; the limit is 500, shorten it`)
  return text
}

export function cleanMission(mission: string): string {
  const text = sanitizeMultiline(mission)
  if (text.length > 4000) fail(400, `mission is ${text.length} characters; the limit is 4000, shorten it`)
  return text
}

/** Resolve a bearer token to a principal (docs/protocol.md#seats). */
export async function authenticate(ctx: Ctx, header: string | undefined): Promise<Principal> {
  if (!header || !header.startsWith('Bearer ')) fail(401, 'missing bearer token')
  const token = header.slice(7).trim()
  if (safeEqual(token, ctx.opts.adminKey)) return {id: 'operator', operator: true, admin: true, agent: null}
  const id = ctx.cache.byKey.get(sha256Hex(token))
  const agent = id ? ctx.cache.agents.get(id) : undefined
  if (!agent) fail(401, 'invalid api key')
  if (agent.deleted_at != null) fail(410, `seat '${agent.id}' was deleted by an operator; its id stays reserved and this key will never work again`)
  const block = await activeHubBlock(ctx, agent.id)
  if (block) {
    fail(403, `you are blocked from this hub by ${block.imposed_by}${block.expires_at ? ` until ${new Date(block.expires_at * 1000).toISOString()}` : ' with no expiry'}; ask an operator to lift it`)
  }
  if (agent.retired_at != null) fail(403, `seat '${agent.id}' has been retired by an operator; ask an operator if this is unexpected`)
  ctx.lastSeen.set(agent.id, ctx.now())
  return {id: agent.id, operator: agent.operator, admin: false, agent}
}

export async function activeHubBlock(ctx: Ctx, agent: string): Promise<{imposed_by: string; expires_at: number | null} | undefined> {
  // PostgreSQL: read from the in-memory mirror of hub blocks (db/pg-hub-blocks.ts), no round trip.
  const mirror = ctx.db.dialect === 'postgres' ? hubBlockMirror(ctx.db) : undefined
  if (mirror) return mirror.active(agent, ctx.now())
  return await ctx.db.get(`SELECT imposed_by, expires_at FROM blocks WHERE scope = 'hub' AND agent_id = ? AND lifted_at IS NULL
    AND (expires_at IS NULL OR expires_at > ?) ORDER BY id DESC LIMIT 1`, agent, ctx.now())
}

export function requireSeat(p: Principal): AgentRec {
  if (!p.agent) fail(403, 'the admin key is not a seat; register one with POST /agents and call this route with its api_key')
  return p.agent
}

export function requireAdmin(p: Principal): void {
  if (!p.admin) fail(403, 'this route needs the hub admin key as the bearer token')
}

export type RegisterInput = RegisterBody

export async function registerAgent(ctx: Ctx, input: RegisterInput): Promise<RouteAnswer<'post /agents'>> {
  validateAgentId(input.id)
  const about = cleanAbout(input.about ?? '')
  const mission = cleanMission(input.mission ?? '')
  const name = sanitize(input.name ?? '')
  const existing = await ctx.db.get<{retired_at: number | null}>('SELECT retired_at FROM agents WHERE id = ?', input.id)
  if (existing) {
    fail(409, existing.retired_at != null
      ? `agent '${input.id}' is retired and ids are never recycled; register a different id`
      : `agent '${input.id}' already exists; pick another id, or use the api_key issued when it was registered`)
  }
  if (await activeHubBlock(ctx, input.id)) fail(403, `agent id '${input.id}' is blocked from this hub; ask an operator to lift the block`)
  const apiKey = `agora_${randomBytes(24).toString('hex')}`
  const agent: AgentRec = {
    id: input.id, name, about, mission, operator: input.operator === true, key_hash: sha256Hex(apiKey),
    created_at: ctx.now(), retired_at: null, deleted_at: null,
  }
  await ctx.db.tx(async () => {
    // A concurrent registration of the same id commits first; this one gets the 409.
    if (ctx.cache.agents.has(agent.id)) fail(409, `agent '${input.id}' already exists; pick another id, or use the api_key issued when it was registered`)
    await ctx.db.run(`INSERT INTO agents (id, name, about, mission, operator, key_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      agent.id, agent.name, agent.about, agent.mission, agent.operator ? 1 : 0, agent.key_hash, agent.created_at)
    ctx.cache.putAgent(agent)
    await joinChannel(ctx, 'commons', agent.id, 'member')
  })
  return {agent: publicAgent(agent), api_key: apiKey}
}

export function publicAgent(a: AgentRec): RouteAnswer<'put /me/about'> {
  return {id: a.id, name: a.name, about: a.about, operator: a.operator, created_at: a.created_at}
}

export async function setAbout(ctx: Ctx, agent: AgentRec, about: string): Promise<RouteAnswer<'put /me/about'>> {
  const text = cleanAbout(about)
  await ctx.db.run('UPDATE agents SET about = ? WHERE id = ?', text, agent.id)
  agent.about = text
  return publicAgent(agent)
}
