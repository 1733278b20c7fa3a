import type {Ctx} from '../kernel/index.js'
import {jsonValues} from '../messages/index.js'
import {overlapOf, pauses} from '../kernel/index.js'
import {asksNaming, substantiveAnswers} from './obligations.js'
import {claimsIn, hasLinkedClaim, namesViewer, pendingAsksNameOthers, repliedBy} from './debts.js'
import {directiveThreads, openThreads, ownThreads} from './threads.js'
import {channelMeta, slaOf} from '../store/index.js'
import {owedCharters} from '../governance/index.js'
import type {OwedReport} from '@agora/protocol'
import {notBefore} from './answer-memo.js'
import type {Horizon} from './answer-memo.js'

/**
 * GET /owed (docs/protocol.md#owed). Read receipts are ignored for to_answer: reading is not answering.
 * `horizon`, when given, is lowered to the first instant a row would escalate or become closable.
 */
export async function computeOwed(ctx: Ctx, viewer: string, horizon?: Horizon): Promise<OwedReport> {
  const now = ctx.now()
  const agent = ctx.cache.agents.get(viewer)
  // Pauses and channel meta come from warm memos without an await (as envelopes.ts does): /owed checks hundreds of rows.
  const paused = ctx.pauseCache ?? await pauses(ctx)
  const escalated = (meta: Record<string, unknown>, born: number): boolean => {
    const waited = now - born - overlapOf(paused, born, now), window = slaOf(meta) * 60
    // Paused time only delays the crossing, so it cannot come before now + (window - waited).
    if (waited <= window) notBefore(horizon, now + (window - waited))
    return waited > window
  }
  const toAnswer: OwedReport['to_answer'] = []
  // A channel's claims, read and parsed once per call (not once per replied row).
  const claims = new Map<string, Promise<Array<Record<string, unknown>>>>()
  const claimsOf = (channel: string): Promise<Array<Record<string, unknown>>> => {
    let hit = claims.get(channel)
    if (!hit) claims.set(channel, hit = claimsIn(ctx, channel))
    return hit
  }
  for (const {m, state} of await openThreads(ctx, viewer, false)) {
    if (state.closed || !namesViewer(ctx, m, state, viewer)) continue
    if (repliedBy(state, viewer)) {
      if (pendingAsksNameOthers(ctx, m, state, viewer)) continue
      if (!ctx.cache.isOperator(m.sender) && await hasLinkedClaim(ctx, m, viewer, claimsOf)) continue
    }
    toAnswer.push({channel: m.channel, id: m.id, seq: m.seq, sender: m.sender, title: m.title,
      pending_asks: state.pending, asks_naming_you: asksNaming(state, viewer), created_at: m.created_at,
      escalated: escalated(ctx.metaCache.get(m.channel) ?? await channelMeta(ctx, m.channel), m.created_at)})
  }
  for (const {m: d} of await directiveThreads(ctx, viewer, false)) {
    toAnswer.push({channel: d.channel, id: d.id, seq: d.seq, sender: d.sender, title: d.title, pending_asks: [],
      asks_naming_you: [], created_at: d.created_at, escalated: escalated(ctx.metaCache.get(d.channel) ?? await channelMeta(ctx, d.channel), d.created_at)})
  }
  const toConsume: OwedReport['to_consume'] = []
  const toClose: OwedReport['to_close'] = []
  const waitingOn: OwedReport['waiting_on'] = []
  const own = (await ownThreads(ctx, viewer)).filter(o => !o.state.closedWithAuthority)
  for (const {m, state, repliesRead: reads} of own) {
    const others = state.replies.filter(r => r.sender !== viewer)
    for (const r of others) {
      const answers = substantiveAnswers(r)
      if (state.asks.length > 0 && answers.length === 0) continue
      const consumed = reads.has(r.id) || state.replies.some(x => x.sender === viewer && x.seq > r.seq)
      if (consumed) continue
      toConsume.push({channel: m.channel, id: m.id, seq: m.seq, title: m.title, your_asks: answers,
        answered_by: r.sender, answer_id: r.id, answer_seq: r.seq, answer_created_at: r.created_at})
    }
    const last = others.at(-1)
    if (state.discharged && last !== undefined) {
      if (now - last.created_at >= ctx.opts.toCloseMinAge) {
        const decliners = others.filter(r => substantiveAnswers(r).length < (Array.isArray(r.data?.answers) ? r.data.answers.length : 0))
        toClose.push({channel: m.channel, id: m.id, seq: m.seq, title: m.title,
          answered_by: last.sender, answered_at: last.created_at,
          declined_asks: state.declined, declined_by: [...new Set(decliners.map(r => r.sender))]})
      } else notBefore(horizon, last.created_at + ctx.opts.toCloseMinAge)
    }
    if (state.closed) continue
    for (const ask of state.asks.filter(a => state.pending.includes(a.id))) {
      const seats = ask.to?.length ? ask.to : m.to
      for (const seat of seats) {
        if (seat === viewer || repliedBy(state, seat)) continue
        waitingOn.push({channel: m.channel, seq: m.seq, ask: ask.id, seat, state: 'not-yet-acked'})
      }
    }
  }
  // The waited-on seats' cursors in one read (not one per seat), then each row's state.
  const cursors = await cursorsFor(ctx, waitingOn)
  for (const w of waitingOn) {
    const cursor = cursors.get(`${w.seat}\u0000${w.channel}`) ?? 0
    w.state = ctx.cache.agents.get(w.seat)?.retired_at != null ? 'retired' : cursor >= w.seq ? 'acked-past-no-reply' : 'not-yet-acked'
  }
  return {
    to_answer: toAnswer, to_consume: toConsume, to_close: toClose, waiting_on: waitingOn, phases: [], charters: agent ? await owedCharters(ctx, agent) : [],
    counts: {to_answer: toAnswer.length, to_consume: toConsume.length, to_close: toClose.length}, computed_at: now,
  }
}

/** `last_seq` of each (seat, channel) pair, keyed `seat\0channel`: one query on the cursors key (agent, channel). */
async function cursorsFor(ctx: Ctx, rows: Array<{seat: string; channel: string}>): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map()
  const seats = JSON.stringify([...new Set(rows.map(r => r.seat))])
  const channels = JSON.stringify([...new Set(rows.map(r => r.channel))])
  const found = await ctx.db.all<{agent: string; channel: string; last_seq: number}>(`SELECT agent, channel, last_seq FROM cursors
    WHERE agent IN (${jsonValues(ctx)}) AND channel IN (${jsonValues(ctx)})`, seats, channels)
  return new Map(found.map(r => [`${r.agent}\u0000${r.channel}`, Number(r.last_seq)]))
}
