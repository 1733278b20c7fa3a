import type {ReputationAxis, RouteAnswer} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'

/** The leaderboard's categories, in their fixed wire order: message ratings count as `general`. */
export const CATEGORIES = ['general', 'trust', 'wisdom', 'thorough', 'helper'] as const
export const NOTE_CAP = 280

/** The UTC calendar day of a hub timestamp: the unit of the daily counting cap. */
export function utcDay(t: number): string {
  return new Date(t * 1000).toISOString().slice(0, 10)
}

export function checkValue(value: number): 1 | -1 {
  if (value !== 1 && value !== -1) fail(400, `value is ${value}; a vote is +1 or -1 (withdraw it with DELETE instead of sending 0)`)
  return value
}

export function cleanNote(note: string | null | undefined): string {
  const text = sanitize(note ?? '')
  if (text.length > NOTE_CAP) fail(400, `note is ${text.length} characters; the limit is ${NOTE_CAP}, say why in fewer words`)
  return text
}

interface VoteRow {channel: string; rater: string; target: string; category: string; message_id: string; value: number; note: string; created_at: number}

/** One live vote per (channel, target, rater, axis): a second PUT replaces the first (and dates from now). */
export async function castVote(ctx: Ctx, channel: string, rater: string, target: string, axis: ReputationAxis, value: 1 | -1, note: string): Promise<RouteAnswer<'put /channels/{c}/reputation/{target}'>> {
  const now = ctx.now()
  await ctx.db.run(`INSERT INTO rep_votes (channel, rater, target, category, message_id, value, note, created_at, day)
    VALUES (?, ?, ?, ?, '', ?, ?, ?, ?) ON CONFLICT (channel, rater, target, category, message_id)
    DO UPDATE SET value = excluded.value, note = excluded.note, created_at = excluded.created_at, day = excluded.day`,
  channel, rater, target, axis, value, note, now, utcDay(now))
  return {channel, target, rater, axis, value, note, created_at: now}
}

/** Withdraw one axis, or every axis when none is named; answers how many live votes went. */
export async function withdrawVotes(ctx: Ctx, channel: string, rater: string, target: string, axis: ReputationAxis | null): Promise<number> {
  const r = axis === null
    ? await ctx.db.run(`DELETE FROM rep_votes WHERE channel = ? AND rater = ? AND target = ? AND message_id = ''`, channel, rater, target)
    : await ctx.db.run(`DELETE FROM rep_votes WHERE channel = ? AND rater = ? AND target = ? AND category = ? AND message_id = ''`, channel, rater, target, axis)
  return r.changes
}

/** Every live vote about `target` in the channel: agent votes by axis and message ratings (`general`). */
export async function votesAbout(ctx: Ctx, channel: string, target: string): Promise<RouteAnswer<'get /channels/{c}/reputation/{target}/votes'>['votes']> {
  const rows = await ctx.db.all<VoteRow>(`SELECT v.rater, v.category, v.message_id, v.value, v.note, v.created_at FROM rep_votes v
    LEFT JOIN messages m ON m.id = v.message_id
    WHERE v.channel = ? AND v.target = ? AND (v.message_id = '' OR m.retracted_at IS NULL)
    ORDER BY v.created_at, v.rater, v.category`, channel, target)
  return rows.map(r => ({rater: r.rater, category: r.category, message_id: r.message_id || null, value: r.value, note: r.note, created_at: r.created_at}))
}

/** Refusals for rating a message, in the spec's order: own 400, system/fs 400, retracted 409. */
export function refuseRating(m: StoredMessage, rater: string): void {
  if (m.sender === rater) fail(400, 'you cannot rate your own message; rate a colleague\'s message instead')
  if (m.kind !== 'message') fail(400, `message #${m.seq} is a ${m.kind} row written by the hub; only seats' messages can be rated`)
  if (m.retracted_at != null) fail(409, `message #${m.seq} was retracted; its rating is closed`)
}

/** One standing rating per (message, rater), counted toward the sender in category `general`. */
export async function rateMessage(ctx: Ctx, m: StoredMessage, rater: string, value: 1 | -1, note: string): Promise<RouteAnswer<'put /channels/{c}/messages/{id}/rating'>> {
  const now = ctx.now()
  await ctx.db.run(`INSERT INTO rep_votes (channel, rater, target, category, message_id, value, note, created_at, day)
    VALUES (?, ?, ?, 'general', ?, ?, ?, ?, ?) ON CONFLICT (channel, rater, target, category, message_id)
    DO UPDATE SET value = excluded.value, note = excluded.note, created_at = excluded.created_at, day = excluded.day`,
  m.channel, rater, m.sender, m.id, value, note, now, utcDay(now))
  return {channel: m.channel, message_id: m.id, seq: m.seq, target: m.sender, rater, value, note, created_at: now}
}

export async function unrateMessage(ctx: Ctx, m: StoredMessage, rater: string): Promise<boolean> {
  const r = await ctx.db.run(`DELETE FROM rep_votes WHERE message_id = ? AND rater = ? AND category = 'general'`, m.id, rater)
  return r.changes > 0
}

/** Who rated a message and why, oldest first, with the tally. */
export async function ratingsOf(ctx: Ctx, m: StoredMessage, viewer: string): Promise<RouteAnswer<'get /channels/{c}/messages/{id}/ratings'>> {
  const rows = await ctx.db.all<VoteRow>(`SELECT rater, value, note, created_at FROM rep_votes
    WHERE message_id = ? AND category = 'general' ORDER BY created_at, rater`, m.id)
  const t = tally(rows, viewer)
  return {channel: m.channel, message_id: m.id, seq: m.seq, ...t,
    ratings: rows.map(r => ({rater: r.rater, value: r.value, note: r.note, created_at: r.created_at}))}
}

function tally(rows: Array<{rater: string; value: number}>, viewer: string): {up: number; down: number; mine: number} {
  let up = 0, down = 0, mine = 0
  for (const r of rows) {
    if (r.value > 0) up++
    else down++
    if (r.rater === viewer) mine = r.value
  }
  return {up, down, mine}
}

/** `ratings:{up,down,mine}` for history rows: every standing rating (the daily cap is a leaderboard rule). */
export async function ratingTallies(ctx: Ctx, ids: string[], viewer: string): Promise<Map<string, {up: number; down: number; mine: number}>> {
  const out = new Map<string, {up: number; down: number; mine: number}>()
  for (const id of ids) out.set(id, {up: 0, down: 0, mine: 0})
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500)
    const rows = await ctx.db.all<{message_id: string; rater: string; value: number}>(`SELECT message_id, rater, value FROM rep_votes
      WHERE category = 'general' AND message_id IN (${chunk.map(() => '?').join(', ')})`, ...chunk)
    for (const r of rows) {
      const t = out.get(r.message_id)!
      if (r.value > 0) t.up++
      else t.down++
      if (r.rater === viewer) t.mine = r.value
    }
  }
  return out
}

/**
 * Leaving a channel, or being kicked or banned from it, drops the rater's votes and ratings there.
 * One statement, so a caller inside a transaction removes them in the same commit.
 */
export function dropRaterVotes(ctx: Ctx, channel: string, rater: string): Promise<unknown> {
  return ctx.db.run('DELETE FROM rep_votes WHERE channel = ? AND rater = ?', channel, rater)
}
