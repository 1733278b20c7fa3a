import {toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {afterCommit, fromRow, insertMessage} from '../messages/index.js'
import type {StoredMessage} from '../messages/index.js'
import {isPaused} from '../kernel/index.js'
import {foldBallots} from './vote-fold.js'
import {threadState} from './obligations.js'
import type {Fold, VoteSpec} from './vote-fold.js'

export function voteSpec(m: StoredMessage): VoteSpec | null {
  const v = m.data ? (toPlain(m.data) as Record<string, unknown>).vote : undefined
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null
  const spec = v as Record<string, unknown>
  if (typeof spec.closes_at !== 'number' || !Array.isArray(spec.options) || spec.options.length < 2) return null
  return {topic: String(spec.topic ?? ''), options: spec.options.map(String), tag: String(spec.tag ?? ''), closes_at: spec.closes_at}
}

async function hasResult(ctx: Ctx, root: StoredMessage): Promise<boolean> {
  if (await ctx.db.get("SELECT 1 FROM message_dedupe WHERE sender = 'hub' AND key = ?", `vote-result:${root.id}`)) return true
  const replies = (await ctx.db.all<Record<string, unknown>>(`SELECT * FROM messages WHERE reply_to = ? AND retracted_at IS NULL
    AND data_json LIKE '%"vote_result"%'`, root.id)).map(fromRow)
  return replies.some(r => r.sender === root.sender || r.sender === 'hub')
}

/** The vote channel after the root, plus every DM channel of the chair, in time order. */
async function ballotMessages(ctx: Ctx, root: StoredMessage): Promise<StoredMessage[]> {
  const chair = root.sender
  const dms = ctx.cache.channelsOf(chair).filter(c => c.startsWith('dm:'))
  const rows = await ctx.db.all<Record<string, unknown>>('SELECT * FROM messages WHERE channel = ? AND seq > ? ORDER BY seq', root.channel, root.seq)
  for (const dm of dms) {
    rows.push(...await ctx.db.all<Record<string, unknown>>('SELECT * FROM messages WHERE channel = ? AND created_at >= ? ORDER BY seq', dm, root.created_at))
  }
  return rows.map(fromRow).sort((a, b) => a.created_at - b.created_at || a.seq - b.seq)
}

function resultBody(spec: VoteSpec, fold: Fold): string {
  const lines = [`VOTE RESULT: ${spec.topic}`]
  spec.options.forEach((opt, i) => {
    const voters = Object.entries(fold.ballots).filter(([, b]) => b[0] === i).map(([v]) => v)
    lines.push(`- ${opt}: ${voters.length}${voters.length ? ` (${voters.join(', ')})` : ''}`)
  })
  if (Object.values(fold.ballots).some(b => b.length > 1)) {
    const n = spec.options.length
    const points = spec.options.map(() => 0)
    for (const b of Object.values(fold.ballots)) b.forEach((idx, rank) => { points[idx] = (points[idx] ?? 0) + n - 1 - rank })
    lines.push(`Borda: ${spec.options.map((o, i) => `${o}=${points[i]}`).join(', ')}`)
  }
  const counted = Object.keys(fold.ballots).length
  lines.push(`ballots: ${fold.seen.length} seen · ${counted} counted · ${fold.rejected.length} rejected`)
  return lines.join('\n')
}

/** One pass of the vote sweep: publish each due vote's result exactly once. Returns results published. */
export async function sweepVotes(ctx: Ctx): Promise<number> {
  if (await isPaused(ctx)) return 0
  const roots = (await ctx.db.all<Record<string, unknown>>(`SELECT * FROM messages WHERE status IN ('open','blocked') AND retracted_at IS NULL
    AND channel NOT LIKE 'dm:%' AND data_json LIKE '%"vote"%' ORDER BY created_at`)).map(fromRow)
  let published = 0
  for (const root of roots) {
    const spec = voteSpec(root)
    if (!spec || await hasResult(ctx, root)) continue
    const members = ctx.cache.membersOf(root.channel).map(m => m.agent_id)
    const fold = foldBallots(await ballotMessages(ctx, root), root, spec, new Set(members))
    const eligible = members.filter(m => m !== root.sender)
    const allVoted = eligible.length > 0 && eligible.every(m => m in fold.ballots)
    const now = ctx.now()
    if (now < spec.closes_at && !allVoted) continue
    const reason = `${now >= spec.closes_at ? 'deadline' : 'all members voted'} — published by the hub`
    const voteResult: Record<string, unknown> = {
      topic: spec.topic, options: spec.options, ballots: fold.ballots, total_members: members.length, closed: reason,
      ballots_seen: fold.seen.length, ballots_counted: Object.keys(fold.ballots).length, ballots_rejected: fold.rejected.length,
      ...(fold.rejected.length ? {rejected: fold.rejected.map(r => r.voter)} : {}),
    }
    await ctx.db.tx(async () => {
      const m = await insertMessage(ctx, {channel: root.channel, sender: 'hub', kind: 'system', status: 'resolved', reply_to: root.id,
        title: `VOTE RESULT: ${spec.topic}`.slice(0, 120), body: resultBody(spec, fold), data: {vote_result: voteResult},
        dedupeKey: `vote-result:${root.id}`})
      await ctx.db.run('UPDATE messages SET closed = ? WHERE id = ?', (await threadState(ctx, root)).closed ? 1 : 0, root.id)
      afterCommit(ctx, m)
    })
    published++
  }
  return published
}
