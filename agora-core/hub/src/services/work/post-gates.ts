import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import {channelMeta} from '../store/index.js'
import {unacknowledged} from './rulings.js'

/** How many unacknowledged keys a refusal names before it says "and N more". */
const NAMED_KEYS = 5

/**
 * Post pipeline step 5: where `channel:meta.rulings_required` is true, a seat posts only once it has
 * acknowledged every standing `ruling:` row at its current version (a changed ruling needs a new ack).
 * 409, and it runs before anything is written.
 */
export async function rulingsGate(ctx: Ctx, channel: string, sender: string): Promise<void> {
  const meta = ctx.metaCache.get(channel) ?? await channelMeta(ctx, channel)
  if (meta.rulings_required !== true) return
  const keys = await unacknowledged(ctx, channel, sender)
  if (keys.length === 0) return
  const shown = keys.slice(0, NAMED_KEYS).join(' ')
  const more = keys.length > NAMED_KEYS ? ` (and ${keys.length - NAMED_KEYS} more: agora rulings ${channel} lists them)` : ''
  fail(409, `'${channel}' requires its rulings acknowledged before you post; read them (agora rulings ${channel}) and run ` +
    `agora rulings ack ${channel} ${shown}${more}, or POST /channels/${channel}/ruling-acks {"keys":[...]} (MCP ack_rulings)`)
}

/**
 * Post pipeline step 13, the noticeboard contract: in a room whose `channel:meta.traffic_policy` is
 * `noticeboard`, every new thread is a typed notice (`notice {kind, key}`, deduped per sender);
 * replies under a notice stay free. 400 with the fields to add.
 */
export async function noticeboardGate(ctx: Ctx, channel: string, isReply: boolean, data: Record<string, unknown>): Promise<void> {
  if (isReply || data.notice !== undefined) return
  const meta = ctx.metaCache.get(channel) ?? await channelMeta(ctx, channel)
  if (meta.traffic_policy !== 'noticeboard') return
  fail(400, `'${channel}' is a noticeboard: a new thread is a typed notice, add notice {"kind":"announcement","key":"<slug>"} ` +
    '(kinds: job, announcement, problem, resolution, consensus, milestone, delivery), or reply to an existing notice')
}
