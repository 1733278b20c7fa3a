import type {Ctx} from '../kernel/index.js'
import {channelMeta} from '../store/index.js'

/** How many typed notices channel info lists, newest first. */
export const NOTICES_SHOWN = 50

export interface NoticeLine {id: string; seq: number; sender: string; kind: string; key: string; title: string; status: string; created_at: number}

/**
 * The room's traffic policy and its live typed notices, computed on read (nothing stored besides the
 * messages): the policy is `channel:meta.traffic_policy` or `collaboration`; a notice is a live root
 * post that carried `notice {kind, key}` (its dedupe row names it; a retraction releases the key).
 */
export async function noticeboardView(ctx: Ctx, channel: string): Promise<{traffic_policy: string; notices: NoticeLine[]}> {
  const meta = ctx.metaCache.get(channel) ?? await channelMeta(ctx, channel)
  const policy = meta.traffic_policy === 'noticeboard' ? 'noticeboard' : 'collaboration'
  const rows = await ctx.db.all<{id: string; seq: number; sender: string; key: string; title: string; status: string; created_at: number}>(
    `SELECT m.id, m.seq, m.sender, d.key, m.title, m.status, m.created_at FROM message_dedupe d JOIN messages m ON m.id = d.message_id
     WHERE d.channel = ? AND d.key LIKE 'notice:%' AND m.retracted_at IS NULL ORDER BY m.seq DESC LIMIT ?`, channel, NOTICES_SHOWN)
  const notices = rows.map(r => {
    const [, kind = '', ...rest] = r.key.split(':') // the key is notice:<kind>:<key>, so kind is there
    return {id: r.id, seq: Number(r.seq), sender: r.sender, kind, key: rest.join(':'), title: r.title, status: r.status, created_at: Number(r.created_at)}
  })
  return {traffic_policy: policy, notices}
}
