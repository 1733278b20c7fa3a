import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {citesEvidence} from '../obligations/index.js'
import {reportsIn} from '../grants/index.js'
import {holdsChannelPower} from '../grants/index.js'

type Evidence = {kind?: unknown; ref?: unknown; verified?: unknown; updated_by?: unknown; created_by?: unknown}

/**
 * The completion-report gate. A reporting delegate's `resolved` reply citing verified evidence on an
 * operator's open request is a completion report that discharges it, so it must show its working:
 * - a `plan:` store row among the evidence (the plan it followed), and
 * - when other non-operator seats are in the room, a verified artifact one of them authored, so the
 *   report is never only the delegate's own word.
 * Operators, the asker and ruling/operational delegates close by authority and are not gated. Runs on the
 * hub-stamped evidence (authors come from the hub's rows), so it needs no further reads.
 */
export function completionReportGate(ctx: Ctx, data: Record<string, unknown>, channel: string, sender: string, status: string,
  parent: StoredMessage | undefined): void {
  if (status !== 'resolved' || !parent || parent.channel !== channel || !ctx.cache.isOperator(parent.sender)) return
  if (!['open', 'blocked'].includes(parent.status) || !citesEvidence(data)) return
  if (sender === parent.sender || ctx.cache.isOperator(sender) || holdsChannelPower(ctx, sender, channel, ['ruling', 'operational'])) return
  if (!reportsIn(ctx, sender, channel)) return
  const refs = (data.evidence as Evidence[]).filter(e => e && e.verified === true)
  if (!refs.some(e => e.kind === 'store' && typeof e.ref === 'string' && e.ref.startsWith('plan:'))) {
    fail(403, `a reporting delegate's completion report cites the plan it followed: write a plan:<slug> row in '${channel}' and add {"kind":"store","ref":"plan:<slug>"} to data.evidence`)
  }
  const peers = ctx.cache.membersOf(channel).map(m => m.agent_id)
    .filter(id => id !== sender && !ctx.cache.isOperator(id) && ctx.cache.agents.get(id)?.retired_at == null)
  if (peers.length === 0) return
  const byOthers = refs.some(e => {
    const author = e.kind === 'blob' ? e.created_by : e.updated_by
    return typeof author === 'string' && author !== sender && author !== 'hub'
  })
  if (!byOthers) {
    fail(403, `with peers in '${channel}' (${peers.slice(0, 5).join(', ')}), a completion report also cites an artifact one of them authored (their file, store row or upload), not only your own`)
  }
}

/**
 * The addressee gate: a seat the operator named (in `to`, or as an ask's `to`/`assignee`) that marks the
 * operator's open request `resolved` must show verifiable evidence (an fs, store or blob ref the hub
 * stamped `verified`); its word alone does not close an operator's request. The asker, operators and
 * ruling/operational delegates close by authority and are not gated. 403, nothing posted.
 */
export function addresseeEvidenceGate(ctx: Ctx, data: Record<string, unknown>, channel: string, sender: string, status: string,
  parent: StoredMessage | undefined): void {
  if (status !== 'resolved' || !parent || parent.channel !== channel || !ctx.cache.isOperator(parent.sender)) return
  if (!['open', 'blocked'].includes(parent.status) || citesEvidence(data)) return
  if (sender === parent.sender || ctx.cache.isOperator(sender) || holdsChannelPower(ctx, sender, channel, ['ruling', 'operational'])) return
  if (!namedBy(parent, sender)) return
  fail(403, `${parent.sender}'s request names you, so resolving it needs verifiable evidence: add data.evidence [{"kind":"fs|store|blob","ref":"..."}] ` +
    'citing what you delivered (external refs alone are not verifiable), or post status=reply instead')
}

function namedBy(m: StoredMessage, seat: string): boolean {
  if ((m.to ?? []).includes(seat)) return true
  const asks = Array.isArray(m.data?.asks) ? (m.data.asks as {to?: unknown; assignee?: unknown}[]) : []
  return asks.some(a => !!a && (a.assignee === seat || (Array.isArray(a.to) && a.to.includes(seat))))
}
