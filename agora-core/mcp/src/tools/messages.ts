import {z} from 'zod'

import {fenced} from '../fence.js'
import {renderMessages} from '../render.js'
import type {MessageLike} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'

const ask = z.object({
  id: z.string().min(1).describe('short unique id within this message, e.g. "a1"'),
  text: z.string().describe('the question, at most 500 characters'),
  assignee: z.string().optional().describe('the seat expected to own it'),
  to: z.array(z.string()).max(3).optional().describe('up to 3 seats who must each answer it'),
})

/** The obligation fields post_message and send_dm share. */
const obligationShape = {
  body: z.string().describe('markdown body (≤64 KiB)'),
  title: z.string().default('').describe('one line, ≤120 characters'),
  status: z.enum(['open', 'reply', 'fyi', 'blocked', 'resolved']).default('fyi')
    .describe('open = you ask something (use asks); reply = answer (needs reply_to); fyi = no answer needed; blocked = you cannot proceed; resolved = closes a thread (needs reply_to)'),
  urgency: z.enum(['inbox', 'next_turn', 'interrupt']).default('inbox'),
  reply_to: z.string().optional().describe('id of the message you answer (same channel)'),
  asks: z.array(ask).max(20).optional().describe('questions that stay owed until answered; only with status open or blocked'),
  answers: z.array(z.string()).optional().describe('ask ids of the parent that this reply answers'),
  declines: z.array(z.string()).optional().describe('ask ids of the parent you decline (discharges them, say why in body)'),
  consumes: z.array(z.string()).max(32).optional().describe('answers you have taken in (message id or channel#seq), clearing to_consume'),
}

type PostArgs = {
  body: string; title: string; status: string; urgency: string; reply_to?: string; to?: string[]; critical?: boolean
  asks?: z.infer<typeof ask>[]; answers?: string[]; declines?: string[]; consumes?: string[]
  evidence?: Record<string, unknown>[]; settled_by?: string; attachments?: Array<{id: string; filename?: string}>
  notice?: {kind: string; key: string}
}

/** The PostMessage body: obligation fields at top level, evidence and settled_by inside data. */
export function postBody(args: PostArgs): Record<string, unknown> {
  const body: Record<string, unknown> = {body: args.body, title: args.title, status: args.status, urgency: args.urgency}
  if (args.critical) body.critical = true
  if (args.to?.length) body.to = args.to
  if (args.reply_to) body.reply_to = args.reply_to
  if (args.notice) body.notice = args.notice
  for (const key of ['asks', 'answers', 'declines', 'consumes', 'attachments'] as const) {
    if (args[key]?.length) body[key] = args[key]
  }
  const data: Record<string, unknown> = {}
  if (args.evidence?.length) data.evidence = args.evidence
  if (args.settled_by) data.settled_by = args.settled_by
  if (Object.keys(data).length) body.data = data
  return body
}

function posted(m: MessageLike): string {
  const notes = [m.downgraded ? 'urgency downgraded to next_turn: your interrupt budget is spent' : '',
    m.to?.length ? `addressed to ${m.to.join(',')}` : ''].filter(Boolean)
  return `POSTED ${m.channel}#${m.seq} id=${m.id} status=${m.status}${notes.length ? ` (${notes.join('; ')})` : ''}`
}

export function registerMessageTools({server, hub}: ToolContext): void {
  server.registerTool('post_message', {
    description: 'Posts to a channel. To ask, use status=open with asks=[{id,text,to}]: each ask stays owed by the named ' +
      'seats until they reply with answers=[id] (or declines). To answer, use status=reply, reply_to=<message id> and ' +
      'answers=[ask ids]. To close your own thread, status=resolved with reply_to. fyi needs no answer.',
    inputSchema: {
      channel: z.string().min(1),
      ...obligationShape,
      to: z.array(z.string()).optional().describe('seats this message is addressed to (must be members)'),
      critical: z.boolean().default(false).describe('operators only: pins until read'),
      evidence: z.array(z.record(z.string(), z.unknown())).max(12).optional()
        .describe('refs {kind: fs|store|blob|external, ref} backing a resolved claim (sent in data.evidence)'),
      settled_by: z.string().default('').describe('id of the message that settles this thread (sent in data.settled_by)'),
      attachments: z.array(z.object({id: z.string().regex(/^[0-9a-f]{64}$/), filename: z.string().max(200).optional()})).max(8).optional()
        .describe('files uploaded to this channel with put_attachment, by id'),
      notice: z.object({
        kind: z.enum(['job', 'announcement', 'problem', 'resolution', 'consensus', 'milestone', 'delivery']),
        key: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,159}$/),
      }).optional().describe('a typed notice on a new thread, e.g. {kind:"job", key:"review/parser"}: one live notice per kind and key ' +
        'from you in a room; a noticeboard room takes new threads only as notices'),
    },
  }, (args) => guarded(async () => posted(await hub.postMessage(args.channel, postBody(args)) as MessageLike)))

  server.registerTool('send_dm', {
    description: 'Sends a direct message to one seat, with the same ask/answer machinery as post_message. ' +
      'The DM channel dm:<a>--<b> is created on first use.',
    inputSchema: {peer: z.string().min(1).describe('the other seat\'s id'), ...obligationShape},
  }, (args) => guarded(async () => posted(await hub.postDm(args.peer, postBody(args)) as MessageLike)))

  server.registerTool('read_message', {
    description: 'Reads one message in full, with the unread messages it replies to (oldest first). This records that ' +
      'you read them: it is how you take in an answer listed under to_consume.',
    inputSchema: {channel: z.string().min(1), message_id: z.string().min(1)},
  }, (args) => guarded(async () => {
    const chain = await hub.readMessage(args.channel, args.message_id) as MessageLike[]
    return fenced((f) => renderMessages(f, chain, '(nothing returned)'))
  }))

  server.registerTool('read_message_by_seq', {
    description: 'Opens a `channel#seq` citation: reads the message with that seq in full, like read_message (and, like it, ' +
      'records that you read it and the unread messages it replies to).',
    inputSchema: {channel: z.string().min(1), seq: z.number().int().min(1).describe('the number after # in a channel#seq citation')},
  }, (args) => guarded(async () => {
    const row = await hub.messageBySeq(args.channel, args.seq)
    const chain = await hub.readMessage(args.channel, row.id) as MessageLike[]
    return fenced((f) => renderMessages(f, chain, '(nothing returned)'))
  }))

  server.registerTool('read_channel', {
    description: 'Browses a channel\'s history after a seq (exclusive), oldest first, with each thread\'s pending asks and ' +
      'whether it is closed. Browsing records no read receipts: use read_message to take in an answer.',
    inputSchema: {
      channel: z.string().min(1),
      since: z.number().int().min(0).default(0).describe('return messages with seq greater than this'),
      limit: z.number().int().min(1).max(1000).default(50),
    },
  }, (args) => guarded(async () => {
    const rows = await hub.history(args.channel, {since: args.since, limit: args.limit}) as MessageLike[]
    const last = rows.at(-1)
    const more = last !== undefined && rows.length === args.limit ? [`(more may follow: call again with since=${last.seq})`] : []
    return fenced((f) => [...renderMessages(f, rows, `(no messages after seq ${args.since})`), ...more])
  }))
}
