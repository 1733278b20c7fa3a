import {isLosslessNumber} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {fromRow, getMessage} from '../messages/index.js'
import {asksOf} from '../obligations/index.js'
import {normalizeAttachments} from '../store/index.js'
import {citesEvidence, normalizeEvidence} from '../obligations/index.js'
import {addresseeEvidenceGate, completionReportGate} from '../work/index.js'
import {holdsChannelPower, reportsIn} from '../grants/index.js'

export const NOTICE_KINDS = ['job', 'announcement', 'problem', 'resolution', 'consensus', 'milestone', 'delivery']
const STRUCTURED_KEYS = ['asks', 'answers', 'declines', 'consumes', 'attachments', 'evidence', 'settled_by', 'signature', 'notice']
const NOTICE_KEY = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,159}$/

export interface NormalizeInput {
  channel: string
  sender: string
  status: string
  parent: StoredMessage | undefined
  data: Record<string, unknown>
}

export interface Normalized {
  data: Record<string, unknown>
  consumeTargets: string[]
  dedupeKey?: string
}

function strList(v: unknown, field: string, max: number): string[] {
  if (!Array.isArray(v)) fail(400, `${field} must be a list of strings`)
  if (v.length > max) fail(400, `${field} has ${v.length} entries; the limit is ${max}`)
  for (const x of v) if (typeof x !== 'string' || !x) fail(400, `${field} entries must be non-empty strings`)
  return [...new Set(v as string[])]
}

/** Validate and normalize the structured keys the hub understands, on the MERGED data. */
export async function normalizeStructured(ctx: Ctx, input: NormalizeInput): Promise<Normalized> {
  const data = {...input.data}
  // A null structured key means absent, as the reference's pydantic models read it (`data: {asks: null}`).
  for (const k of STRUCTURED_KEYS) if (data[k] === null) delete data[k]
  const {channel, sender, status, parent} = input
  const isMember = (a: string): boolean => ctx.cache.isMember(channel, a)
  if ('asks' in data) {
    if (status !== 'open' && status !== 'blocked') fail(400, `asks belong on status open or blocked, not '${status}'; post the question as open`)
    const asks = data.asks
    if (!Array.isArray(asks)) fail(400, 'asks must be a list of {id, text, assignee?, to?}')
    if (asks.length > 20) fail(400, `a message carries at most 20 asks; this one has ${asks.length}, split it`)
    const ids = new Set<string>()
    data.asks = asks.map((a: unknown, i: number) => {
      if (!a || typeof a !== 'object' || Array.isArray(a)) fail(400, `asks[${i}] must be an object {id, text, assignee?, to?}`)
      const ask = a as Record<string, unknown>
      if (typeof ask.id !== 'string' || !ask.id) fail(400, `asks[${i}].id must be a non-empty string`)
      if (ids.has(ask.id)) fail(400, `ask id '${ask.id}' appears twice; give every ask a unique id`)
      ids.add(ask.id)
      const text = ask.text ?? ''
      if (typeof text !== 'string') fail(400, `asks[${i}].text must be a string`)
      if (text.length > 500) fail(400, `asks[${i}].text is ${text.length} characters; the limit is 500`)
      const out: Record<string, unknown> = {id: ask.id, text}
      if (ask.assignee !== undefined && ask.assignee !== null) {
        if (typeof ask.assignee !== 'string' || !isMember(ask.assignee)) fail(400, `asks[${i}].assignee must be a member of '${channel}'`)
        if (ask.assignee === sender) fail(400, `asks[${i}].assignee cannot be yourself`)
        out.assignee = ask.assignee
      }
      if (ask.to !== undefined && ask.to !== null) {
        const to = strList(ask.to, `asks[${i}].to`, 3)
        for (const t of to) {
          if (t === sender) fail(400, `asks[${i}].to cannot name yourself`)
          if (!isMember(t)) fail(400, `asks[${i}].to names '${t}', who is not a member of '${channel}'; invite them first`)
        }
        if (to.length) out.to = to
      }
      for (const k of Object.keys(ask)) {
        if (!['id', 'text', 'assignee', 'to'].includes(k)) fail(400, `asks[${i}] has unknown field '${k}'; allowed: id, text, assignee, to`)
      }
      return out
    })
    if ((data.asks as unknown[]).length === 0) delete data.asks
  }
  if ('answers' in data || 'declines' in data) normalizeAnswers(ctx, data, sender, status, parent)
  let consumeTargets: string[] = []
  if ('consumes' in data) consumeTargets = await resolveConsumes(ctx, data, channel, sender)
  if ('attachments' in data) data.attachments = await normalizeAttachments(ctx, channel, data.attachments)
  if ('evidence' in data) {
    data.evidence = await normalizeEvidence(ctx, channel, data.evidence)
    if ((data.evidence as unknown[]).length === 0) delete data.evidence
  }
  if ('settled_by' in data) await checkSettledBy(ctx, data, channel, sender, status, parent)
  if ('evidence' in data) completionReportGate(ctx, data, channel, sender, status, parent)
  addresseeEvidenceGate(ctx, data, channel, sender, status, parent)
  if ('signature' in data) {
    if (typeof data.signature !== 'string') fail(400, 'signature must be a string')
    if (data.signature.length > 1024) fail(400, `signature is ${data.signature.length} characters; the limit is 1024`)
  }
  let dedupeKey: string | undefined
  if ('notice' in data) {
    const n = data.notice as Record<string, unknown>
    if (parent) fail(400, 'notice belongs on a root post; drop reply_to or drop notice')
    if (!n || typeof n !== 'object' || !NOTICE_KINDS.includes(n.kind as string)) fail(400, `notice.kind must be one of ${NOTICE_KINDS.join(', ')}`)
    if (typeof n.key !== 'string' || !NOTICE_KEY.test(n.key)) fail(400, 'notice.key must match [A-Za-z0-9][A-Za-z0-9._:/-]{0,159}')
    dedupeKey = `notice:${n.kind as string}:${n.key}`
  }
  return {data, consumeTargets, dedupeKey}
}

function normalizeAnswers(ctx: Ctx, data: Record<string, unknown>, sender: string, status: string, parent: StoredMessage | undefined): void {
  if ((status !== 'reply' && status !== 'resolved') || !parent) {
    fail(400, 'answers and declines go on a reply or resolved message with reply_to naming the question')
  }
  const answers = 'answers' in data ? strList(data.answers, 'answers', 20) : []
  const declines = 'declines' in data ? strList(data.declines, 'declines', 20) : []
  const all = [...new Set([...answers, ...declines])]
  if (all.length === 0) fail(400, 'answers is empty; list the ask ids you are answering, or drop the field')
  if (parent.sender === sender) fail(400, 'you cannot answer your own asks; post a resolved reply to close your thread instead')
  const asks = asksOf(parent)
  if (asks.length === 0) fail(400, 'the message you reply to has no asks; drop answers/declines and just reply')
  for (const id of all) {
    const ask = asks.find(a => a.id === id)
    if (!ask) fail(400, `ask id '${id}' is not one of the parent's asks (${asks.map(a => a.id).join(', ')}); use those ids`)
    if (ask.to?.length && !ask.to.includes(sender)) {
      fail(400, `ask '${id}' is addressed to ${ask.to.join(', ')}, not you; reply without answering it, or ask them`)
    }
  }
  data.answers = all
  if (declines.length) data.declines = declines
  else delete data.declines
}

/**
 * `settled_by` on a resolved reply: closing a question by pointer is the asker's, an operator's
 * or a ruling delegate's act; a reporting delegate may do it on an operator's request only with
 * verifiable evidence. Everyone else is refused, and nothing is written.
 */
async function checkSettledBy(ctx: Ctx, data: Record<string, unknown>, channel: string, sender: string, status: string, parent: StoredMessage | undefined): Promise<void> {
  if (status !== 'resolved' || !parent) fail(400, 'settled_by goes on a resolved reply: status=resolved with reply_to naming the question it settles')
  if (typeof data.settled_by !== 'string' || !data.settled_by) fail(400, 'settled_by must name the message that settled the question: its id, #seq or channel#seq')
  const asker = parent.sender
  const closer = asker === sender || ctx.cache.isOperator(sender) || holdsChannelPower(ctx, sender, channel, ['ruling', 'operational'])
  if (!closer) {
    if (!reportsIn(ctx, sender, channel)) {
      fail(403, `settled_by closes a question, which only its asker (${asker}), an operator or a ruling delegate here may do; post resolved without settled_by`)
    }
    if (!ctx.cache.isOperator(asker)) {
      fail(403, `a reporting delegate uses settled_by only on an operator's request, and this question is ${asker}'s; post resolved without settled_by`)
    }
    if (!citesEvidence(data)) {
      fail(403, "settled_by on an operator's request needs verifiable evidence: cite what was delivered in data.evidence as {kind: fs|store|blob, ref} (external refs alone are not verifiable)")
    }
  }
  const target = await resolveRef(ctx, data.settled_by, channel)
  if (!target || target.channel !== channel || target.retracted_at != null) {
    fail(400, `settled_by must name a live message in '${channel}'; give its id, #seq or ${channel}#seq`)
  }
  if (target.id === parent.id) fail(400, 'settled_by names the question itself; point it at the message that settled it, or drop settled_by')
  data.settled_by = target.id
}

const CONSUME_REFUSAL = 'consumes names something you do not owe consumption for; list answers to your own open questions (id, channel#seq or #seq) or your own thread root'

async function resolveRef(ctx: Ctx, ref: unknown, channel: string): Promise<StoredMessage | undefined> {
  if (isLosslessNumber(ref)) ref = ref.value
  if (typeof ref === 'number') ref = String(ref)
  if (typeof ref !== 'string' || !ref) return undefined
  let ch = channel
  let seqText = ref
  if (ref.includes('#')) {
    const at = ref.lastIndexOf('#')
    if (at > 0) ch = ref.slice(0, at)
    seqText = ref.slice(at + 1)
  }
  if (/^\d+$/.test(seqText)) {
    // A seq past 2^53 or a channel holding a NUL names no message (and PostgreSQL refuses to compare either: a 500, not a miss).
    const seq = Number(seqText)
    if (!Number.isSafeInteger(seq) || ch.includes('\u0000')) return undefined
    const r = await ctx.db.get<Record<string, unknown>>('SELECT * FROM messages WHERE channel = ? AND seq = ?', ch, seq)
    return r ? fromRow(r) : undefined
  }
  return getMessage(ctx, ref)
}

/** consumes: each ref is an answer to the sender's own question, or the sender's own thread root. */
async function resolveConsumes(ctx: Ctx, data: Record<string, unknown>, channel: string, sender: string): Promise<string[]> {
  const refs = data.consumes
  if (!Array.isArray(refs)) fail(400, 'consumes must be a list of message refs')
  if (refs.length > 32) fail(400, `consumes lists ${refs.length} refs; the limit is 32`)
  const ids: string[] = []
  const targets: string[] = []
  for (const ref of refs) {
    const m = await resolveRef(ctx, ref, channel)
    if (!m || m.retracted_at != null || !ctx.cache.isMember(m.channel, sender)) fail(400, CONSUME_REFUSAL)
    if (m.sender === sender && (m.status === 'open' || m.status === 'blocked')) {
      ids.push(m.id)
      for (const r of await ctx.db.all<{id: string}>('SELECT id FROM messages WHERE reply_to = ? AND sender != ? AND retracted_at IS NULL', m.id, sender)) targets.push(r.id)
      continue
    }
    const root = m.reply_to ? await getMessage(ctx, m.reply_to) : undefined
    if (!root || root.sender !== sender || m.sender === sender || (root.status !== 'open' && root.status !== 'blocked')) fail(400, CONSUME_REFUSAL)
    ids.push(m.id)
    targets.push(m.id)
  }
  data.consumes = [...new Set(ids)]
  return targets
}
