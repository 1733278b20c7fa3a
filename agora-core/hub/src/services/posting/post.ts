import {BODY_CAP, DATA_CAP} from '../../limits.js'
import {allNumbersFinite, stringifyWire} from '@agora/protocol'
import type {PostBody} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import type {Principal} from '../channels/index.js'
import {requireSeat} from '../channels/index.js'
import {channelState, dmPeer, isDm, pauseGate, requireMember} from '../channels/index.js'
import type {StoredMessage} from '../messages/index.js'
import {afterCommit, getMessage, insertMessage, recordRead} from '../messages/index.js'
import {normalizeStructured} from './normalize.js'
import {mergeAskMentions, mergeMentions} from './mentions.js'
import {isObligation, threadState} from '../obligations/index.js'
import {charterGate} from '../governance/index.js'
import {noticeboardGate, rulingsGate} from '../work/index.js'
import {noticeboardVotesGate} from '../work/index.js'

export {BODY_CAP, DATA_CAP}
const TYPED_KEYS = ['asks', 'answers', 'declines', 'consumes', 'attachments', 'notice', 'signature'] as const

/** The PostMessage body after schema validation (`data` parsed losslessly). */
export type PostInput = PostBody

/** Told, for a post that went through, how to give its budget back (posts-in-one-tx.ts). */
export type SpentRecorder = (refund: () => Promise<void>) => void

/**
 * The post pipeline in order (docs/protocol.md#messages): the first failing step decides the error; a refusal writes nothing.
 * `spent` is for a caller posting inside its own transaction: it hears how to refund this post if that transaction rolls back.
 */
export async function postMessage(ctx: Ctx, principal: Principal, named: string, input: PostInput, spent?: SpentRecorder): Promise<StoredMessage> {
  // The identifier rule: a WS frame names its channel in the body, so it is read in NFC here too.
  const channel = named.normalize('NFC')
  const me = requireSeat(principal).id
  const ch = requireMember(ctx, channel, me)
  await pauseGate(ctx, principal.operator, channel)
  const state = await channelState(ctx, ch)
  if (state === 'archived') fail(409, `'${channel}' is archived; history is kept but it takes no new posts`)
  if (state === 'closed') fail(409, `'${channel}' is closed (channel:meta.state); ask its owner to reopen it`)
  let to = [...new Set(input.to ?? [])]
  if (isDm(channel)) {
    const peer = dmPeer(channel, me) as string
    if (ctx.cache.agents.get(peer)?.retired_at != null) fail(409, `'${peer}' has been retired; this DM takes no new posts`)
    if (to.length === 0) to = [peer]
  }
  await rulingsGate(ctx, channel, me)
  const registered = (id: string): boolean => ctx.cache.agents.has(id)
  const member = (id: string): boolean => ctx.cache.isMember(channel, id)
  if (!isDm(channel)) to = mergeMentions(to, input.body ?? '', me, registered, member)
  await charterGate(ctx, channel, me)
  if (input.address_dark) fail(400, 'address_dark is not supported by this hub; address the seat with to instead')
  const title = sanitize(input.title ?? '')
  if (title.length > 120) fail(400, `title is ${title.length} characters; the limit is 120, move detail into the body`)
  const body = input.body ?? ''
  const bodyBytes = Buffer.byteLength(body)
  if (bodyBytes > BODY_CAP) fail(413, `body is ${bodyBytes} bytes; the cap is 65536, put long content in a file (PUT /channels/${channel}/fs/{path}) and link it`)
  const status = input.status ?? 'fyi'
  if (status === 'reply' && !input.reply_to) {
    fail(400, 'bare reply: status=reply needs reply_to naming the message you answer (or use status=fyi for a new thread)')
  }
  let parent: StoredMessage | undefined
  if (input.reply_to) {
    parent = await getMessage(ctx, input.reply_to)
    if (!parent || parent.channel !== channel) fail(400, `reply_to does not name a message in '${channel}'; replies stay in the parent's channel`)
  }
  const merged: Record<string, unknown> = input.data ? {...input.data} : {}
  for (const k of TYPED_KEYS) if (input[k] !== undefined) merged[k] = input[k]
  if (!isDm(channel) && merged.asks !== undefined) merged.asks = mergeAskMentions(merged.asks, me, registered, member)
  const hasData = input.data != null || TYPED_KEYS.some(k => input[k] !== undefined)
  const norm = await normalizeStructured(ctx, {channel, sender: me, status, parent, data: merged})
  // A well-formed vote root is typed traffic, so a noticeboard takes it as a new thread without a notice.
  const voteRoot = await noticeboardVotesGate(ctx, channel, me, parent, norm.data)
  await noticeboardGate(ctx, channel, parent !== undefined || voteRoot, norm.data)
  if (!allNumbersFinite(norm.data)) fail(400, 'data must be strict JSON: NaN and Infinity are not numbers here')
  const dataBytes = hasData ? Buffer.byteLength(stringifyWire(norm.data)) : 0
  if (dataBytes > DATA_CAP) fail(413, `data is ${dataBytes} bytes; the cap is 65536, store bulk content in a file`)
  for (const t of to) {
    if (!ctx.cache.isMember(channel, t)) fail(400, `to names '${t}', who is not a member of '${channel}'; invite them or DM them`)
  }
  // Checked and spent in one step (given back on a refusal), so concurrent posts from one seat,
  // through this process or another on the same database, cannot all pass the checks.
  const spend = {critical: !!input.critical, operator: principal.operator, urgency: input.urgency ?? 'inbox'}
  const grant = await ctx.budgets.spendPost(me, spend)
  const {urgency, downgraded} = grant
  let m: StoredMessage
  try {
    // A post with nothing else to write goes alone (on PostgreSQL one statement, db/pg-append.ts); the
    // rest share one transaction scoped to the channel, beside posts to other channels.
    const alone = !parent && norm.consumeTargets.length === 0
    const write = async (): Promise<StoredMessage> => {
      const row = await insertMessage(ctx, {channel, sender: me, kind: 'message', status, urgency, critical: !!input.critical,
        downgraded, to, title, body, data: hasData ? norm.data : null, reply_to: parent?.id ?? null, dedupeKey: norm.dedupeKey,
        budget: grant.deferred})
      if (parent) {
        if (!parent.critical) await recordRead(ctx, parent.id, me)
        await ctx.db.run('UPDATE message_to SET cleared = 1 WHERE message_id = ? AND agent_id = ?', parent.id, me)
        if (isObligation(parent)) await ctx.db.run('UPDATE messages SET closed = ? WHERE id = ?', (await threadState(ctx, parent)).closed ? 1 : 0, parent.id)
      }
      for (const id of norm.consumeTargets) await recordRead(ctx, id, me)
      afterCommit(ctx, row)
      return row
    }
    m = alone ? await write() : await ctx.db.tx(write, {channel})
  } catch (err) {
    // A refused post (a used notice key included: DuplicateDedupeKey, a 409) gives its budget back.
    await ctx.budgets.refundPost(me, spend, grant)
    throw err
  }
  spent?.(() => ctx.budgets.refundPost(me, spend, grant))
  return m
}
