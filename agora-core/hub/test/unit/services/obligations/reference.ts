// The /owed and /inbox answers computed the plain way: every row read with selectMessages, every thread folded
// from repliesTo, every envelope built by buildEnvelope and serialized on its own. No row cache, no text cache,
// no batched flags. parity.test.ts holds the hub's fast path (threads.ts, inbox.ts) to these answers, byte for byte.
import {stringifyWire} from '@agora/protocol'
import type {OwedReport} from '@agora/protocol'
import type {Ctx} from '../../../../src/services/kernel/index.js'
import {overlapOf, pauses} from '../../../../src/services/kernel/index.js'
import type {StoredMessage} from '../../../../src/services/messages/index.js'
import {isRead, selectMessages} from '../../../../src/services/messages/index.js'
import {buildEnvelope} from '../../../../src/services/obligations/index.js'
import {directiveDebts, hasLinkedClaim, namesViewer, pendingAsksNameOthers, repliedBy, withStates} from '../../../../src/services/obligations/index.js'
import {asksNaming, substantiveAnswers} from '../../../../src/services/obligations/obligations.js'
import type {ThreadState} from '../../../../src/services/obligations/obligations.js'
import {openObligations, ownObligations} from '../../../../src/services/obligations/debts.js'
import {pinsObligation} from '../../../../src/services/obligations/inbox.js'
import {channelMeta, slaOf} from '../../../../src/services/store/index.js'
import {hubCharterPointer} from '../../../../src/services/governance/receipts.js'
import {CHARTER_PATH, getRow} from '../../../../src/services/store/index.js'
import {parseJsonLossless} from '@agora/protocol'
import type {AgentRec} from '../../../../src/services/kernel/index.js'
import {openPhases} from '../../../../src/services/work/index.js'

/** GET /owed as wire text, phases included (the route adds them), from the rules in docs/protocol.md#owed. */
export async function referenceOwed(ctx: Ctx, viewer: string): Promise<string> {
  const now = ctx.now()
  const paused = await pauses(ctx)
  const escalated = async (m: StoredMessage): Promise<boolean> =>
    now - m.created_at - overlapOf(paused, m.created_at, now) > slaOf(await channelMeta(ctx, m.channel)) * 60
  const toAnswer: OwedReport['to_answer'] = []
  for (const {m, state} of await withStates(ctx, await openObligations(ctx, viewer))) {
    if (state.closed || !namesViewer(ctx, m, state, viewer)) continue
    if (repliedBy(state, viewer)) {
      if (pendingAsksNameOthers(ctx, m, state, viewer)) continue
      if (!ctx.cache.isOperator(m.sender) && await hasLinkedClaim(ctx, m, viewer)) continue
    }
    toAnswer.push({channel: m.channel, id: m.id, seq: m.seq, sender: m.sender, title: m.title, pending_asks: state.pending,
      asks_naming_you: asksNaming(state, viewer), created_at: m.created_at, escalated: await escalated(m)})
  }
  for (const d of await directiveDebts(ctx, viewer)) {
    toAnswer.push({channel: d.channel, id: d.id, seq: d.seq, sender: d.sender, title: d.title, pending_asks: [],
      asks_naming_you: [], created_at: d.created_at, escalated: await escalated(d)})
  }
  const toConsume: OwedReport['to_consume'] = []
  const toClose: OwedReport['to_close'] = []
  const waitingOn: OwedReport['waiting_on'] = []
  for (const {m, state} of await withStates(ctx, await ownObligations(ctx, viewer))) {
    if (state.closedWithAuthority) continue
    await ownRows(ctx, viewer, m, state, now, {toConsume, toClose, waitingOn})
  }
  for (const w of waitingOn) {
    const cursor = (await ctx.db.get<{last_seq: number}>('SELECT last_seq FROM cursors WHERE agent = ? AND channel = ?', w.seat, w.channel))?.last_seq
    w.state = ctx.cache.agents.get(w.seat)?.retired_at != null ? 'retired' : Number(cursor ?? 0) >= w.seq ? 'acked-past-no-reply' : 'not-yet-acked'
  }
  const agent = ctx.cache.agents.get(viewer)
  const phases = (await openPhases(ctx, ctx.cache.channelsOf(viewer))).map(p => ({channel: p.channel, key: p.key, track: p.track,
    value: p.value, version: p.version, updated_by: p.updated_by, updated_at: p.updated_at}))
  return stringifyWire({to_answer: toAnswer, to_consume: toConsume, to_close: toClose, waiting_on: waitingOn, phases,
    charters: agent ? await referenceCharters(ctx, agent) : [],
    counts: {to_answer: toAnswer.length, to_consume: toConsume.length, to_close: toClose.length}, computed_at: now})
}

/** /owed.charters: the hub charter when the seat is behind on it or its slice, then each room whose live charter file it has not read at its version. */
async function referenceCharters(ctx: Ctx, a: AgentRec): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = []
  const hub = await hubCharterPointer(ctx, a)
  if (!hub.current || !hub.view_current) {
    rows.push({scope: 'hub', version: hub.version, your_receipt: hub.your_receipt, read_with: hub.read_with, gated: false, reason: hub.current ? 'view' : 'version'})
  }
  for (const channel of [...ctx.cache.channelsOf(a.id)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))) {
    if (channel.startsWith('dm:')) continue
    const file = await getRow(ctx, channel, `fs/${CHARTER_PATH}`)
    if (!file || file.value_json == null || (parseJsonLossless(file.value_json) as {deleted?: unknown}).deleted === true) continue
    const receipt = (await ctx.db.get<{version: number}>('SELECT version FROM charter_receipts WHERE agent = ? AND scope = ?', a.id, channel))?.version ?? null
    if (receipt !== null && receipt >= file.version) continue
    rows.push({scope: channel, version: file.version, your_receipt: receipt, read_with: `read_charter(channel="${channel}") / GET /channels/${channel}/charter`,
      gated: !!(await channelMeta(ctx, channel)).norms_required, reason: 'version'})
  }
  return rows
}

interface OwnLists {toConsume: OwedReport['to_consume']; toClose: OwedReport['to_close']; waitingOn: OwedReport['waiting_on']}

/** to_consume, to_close and waiting_on rows of one of the viewer's own questions. */
async function ownRows(ctx: Ctx, viewer: string, m: StoredMessage, state: ThreadState, now: number, out: OwnLists): Promise<void> {
  const others = state.replies.filter(r => r.sender !== viewer)
  for (const r of others) {
    const answers = substantiveAnswers(r)
    if (state.asks.length > 0 && answers.length === 0) continue
    if (await isRead(ctx, r.id, viewer) || state.replies.some(x => x.sender === viewer && x.seq > r.seq)) continue
    out.toConsume.push({channel: m.channel, id: m.id, seq: m.seq, title: m.title, your_asks: answers,
      answered_by: r.sender, answer_id: r.id, answer_seq: r.seq, answer_created_at: r.created_at})
  }
  const last = others.at(-1)
  if (state.discharged && last !== undefined && now - last.created_at >= ctx.opts.toCloseMinAge) {
    const decliners = others.filter(r => substantiveAnswers(r).length < (Array.isArray(r.data?.answers) ? r.data.answers.length : 0))
    out.toClose.push({channel: m.channel, id: m.id, seq: m.seq, title: m.title, answered_by: last.sender, answered_at: last.created_at,
      declined_asks: state.declined, declined_by: [...new Set(decliners.map(r => r.sender))]})
  }
  if (state.closed) return
  for (const ask of state.asks.filter(a => state.pending.includes(a.id))) {
    for (const seat of ask.to?.length ? ask.to : m.to) {
      if (seat === viewer || repliedBy(state, seat)) continue
      out.waitingOn.push({channel: m.channel, seq: m.seq, ask: ask.id, seat, state: 'not-yet-acked'})
    }
  }
}

interface Pick {m: StoredMessage; pinned: boolean; debt: boolean; state?: ThreadState}

/** GET /inbox as wire text (docs/protocol.md#inbox): windows, unread criticals, pinned obligations, directive debts; sorted. */
export async function referenceInbox(ctx: Ctx, viewer: string): Promise<string> {
  const picked = new Map<string, Pick>()
  for (const channel of ctx.cache.channelsOf(viewer)) {
    const cursor = Number((await ctx.db.get<{last_seq: number}>('SELECT last_seq FROM cursors WHERE agent = ? AND channel = ?', viewer, channel))?.last_seq ?? 0)
    for (const m of await selectMessages(ctx, 'FROM messages WHERE channel = ? AND seq > ? AND sender != ? ORDER BY seq LIMIT 100', channel, cursor, viewer)) {
      picked.set(m.id, {m, pinned: false, debt: false})
    }
  }
  const criticals = await selectMessages(ctx, `FROM messages m WHERE m.critical = 1 AND m.retracted_at IS NULL AND m.sender != ?
    AND m.channel IN (SELECT channel FROM members WHERE agent_id = ?)`, viewer, viewer)
  for (const m of criticals) if (!picked.has(m.id) && !await isRead(ctx, m.id, viewer)) picked.set(m.id, {m, pinned: false, debt: false})
  for (const {m, state} of await withStates(ctx, await openObligations(ctx, viewer))) {
    if (await pinsObligation(ctx, m, state, viewer, await isRead(ctx, m.id, viewer))) picked.set(m.id, {m, pinned: true, debt: false, state})
  }
  for (const d of await directiveDebts(ctx, viewer)) picked.set(d.id, {m: d, pinned: true, debt: true})
  const rendered: Array<{env: Record<string, unknown>; m: StoredMessage}> = []
  for (const p of picked.values()) {
    rendered.push({m: p.m, env: await buildEnvelope(ctx, p.m, viewer, {pinned: p.pinned, directiveDebt: p.debt, state: p.state})})
  }
  rendered.sort((a, b) => Number(b.m.critical) - Number(a.m.critical) || Number(b.env.escalated) - Number(a.env.escalated) ||
    a.m.created_at - b.m.created_at || a.m.seq - b.m.seq)
  return `[${rendered.map(r => stringifyWire(r.env)).join(',')}]`
}
