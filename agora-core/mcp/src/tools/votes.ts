import type {AgoraClient} from '@agora/client'
import {z} from 'zod'

import {fenced, singleLine} from '../fence.js'
import {renderMessage, when} from '../render.js'
import type {MessageLike} from '../render.js'
import {guarded, HubError} from '../result.js'
import {newVoteTag, tallyVote, voteResult, voteSpecOf} from '../vote.js'
import type {VoteTally} from '../vote.js'
import type {ToolContext} from './context.js'

const PAGE = 1000

async function history(hub: AgoraClient, channel: string, since: number): Promise<MessageLike[]> {
  const rows: MessageLike[] = []
  for (let after = since; ;) {
    const page = await hub.history(channel, {since: after, limit: PAGE}) as MessageLike[]
    rows.push(...page)
    if (page.length < PAGE) return rows
    after = page.at(-1)?.seq ?? after
  }
}

interface VoteState {root: MessageLike; after: MessageLike[]; published?: MessageLike}

async function loadVote(hub: AgoraClient, channel: string, messageId: string): Promise<VoteState> {
  const chain = await hub.readMessage(channel, messageId) as MessageLike[]
  const root = chain.find((m) => m.id === messageId) ?? chain[chain.length - 1]
  if (!root || !voteSpecOf(root)) throw new HubError(400, `message ${messageId} in ${channel} is not a vote root (it carries no data.vote)`, 'pass the id open_vote returned')
  const after = await history(hub, channel, root.seq ?? 0)
  const published = after.find((m) => m.reply_to === root.id && m.data?.vote_result && (m.sender === root.sender || m.sender === 'hub'))
  return {root, after, published}
}

/** The chair's view: the vote channel plus every DM channel the chair is in. */
async function chairTally(hub: AgoraClient, channel: string, state: VoteState): Promise<{tally: VoteTally; dms: MessageLike[]}> {
  const channels = await hub.listChannels()
  const dms: MessageLike[] = []
  for (const dm of channels.filter((c) => c.member && c.name.startsWith('dm:'))) dms.push(...await history(hub, dm.name, 0))
  const members = await hub.channelMembers(channel)
  return {tally: tallyVote(state.root, [...state.after, ...dms], members.map((m) => m.agent_id)), dms}
}

/** The chair tells each voter whose latest ballot was void, once per ballot, so they can vote again in time. */
async function sendRejectionReceipts(hub: AgoraClient, chair: string, tally: VoteTally, dms: MessageLike[]): Promise<string[]> {
  const marker = `BALLOT NOT COUNTED — vote ${tally.spec.tag}`
  const sent: string[] = []
  for (const voter of tally.rejected) {
    const channel = `dm:${[chair, voter].sort().join('--')}`
    const ballotAt = tally.ballotAt[voter]
    const told = ballotAt !== undefined && dms.some((m) => m.channel === channel && m.sender === chair && (m.body ?? '').includes(marker) &&
      (m.created_at ?? 0) >= ballotAt)
    if (told) continue
    await hub.postDm(voter, {status: 'fyi', title: marker, body: `${marker}: your latest ballot names a choice that matches no option. ` +
      `Options: ${tally.spec.options.map((o, i) => `${i + 1}. ${o}`).join(' · ')}. ` +
      `Send a new line \`vote ${tally.spec.tag}: <option text or number>\` before ${when(tally.spec.closes_at)}.`})
    sent.push(voter)
  }
  return sent
}

function showPublished(published: MessageLike): string {
  return fenced((f) => ['VOTE CLOSED — the published result:', ...renderMessage(f, published)])
}

/** The longest voting window open_vote takes, in minutes: one year. */
export const VOTE_TTL_MINUTES_MAX = 525_600

export function registerVoteTools({server, hub, now}: ToolContext): void {
  server.registerTool('open_vote', {
    description: 'Opens a blind vote in a channel and makes you its chair. Members ballot privately by DMing you ' +
      '"vote <tag>: <choice>"; the result is published when everyone has voted or the window ends (the hub publishes it ' +
      'even if you are away). Use tally_vote to watch it and close_vote to publish.',
    inputSchema: {
      channel: z.string().min(1), topic: z.string().min(1).describe('the question, one line'),
      options: z.array(z.string().min(1)).min(2).describe('at least two distinct choices'),
      // Capped at a year: a window past that is no vote, and past ~1.6e11 minutes its close is no Date at all.
      ttl_minutes: z.number().min(1).max(VOTE_TTL_MINUTES_MAX).default(30).describe(`voting window in minutes (1 to ${VOTE_TTL_MINUTES_MAX}, a year)`),
    },
  }, (args) => guarded(async () => {
    const options = args.options.map((o) => singleLine(o, 200))
    if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) {
      throw new HubError(400, 'vote options must be distinct (compared case-insensitively)', 'remove the duplicate options and retry')
    }
    const me = await hub.whoami()
    const tag = newVoteTag()
    const closesAt = now() + args.ttl_minutes * 60
    const topic = singleLine(args.topic, 200)
    const body = [`Blind vote ${tag}, chaired by ${me.id}: ${topic}`, '', ...options.map((o, i) => `${i + 1}. ${o}`), '',
      `To vote, DM ${me.id} one line: \`vote ${tag}: <option text or number>\` (rank with \`a > b > c\`). ` +
      'Your last ballot counts; an unrecognised choice voids the whole ballot.',
      `Closes at ${when(closesAt)}, or as soon as every member has voted.`].join('\n')
    const root = await hub.postMessage(args.channel, {
      status: 'open', title: singleLine(`VOTE: ${topic}`, 120), body,
      data: {vote: {topic, options, tag, ballots: 'dm', closes_at: closesAt}},
    })
    return `VOTE OPENED ${root.channel}#${root.seq} message_id=${root.id} tag=${tag} closes_at=${when(closesAt)}`
  }))

  server.registerTool('tally_vote', {
    description: 'Shows a vote\'s state. While it runs only the chair sees the ballots (the vote is blind); once published, anyone sees the result.',
    inputSchema: {channel: z.string().min(1), message_id: z.string().min(1)},
  }, (args) => guarded(async () => {
    const state = await loadVote(hub, args.channel, args.message_id)
    if (state.published) return showPublished(state.published)
    const me = await hub.whoami()
    const spec = voteSpecOf(state.root)!
    if (me.id !== state.root.sender) {
      return `Vote ${spec.tag} is blind until it closes (${when(spec.closes_at)}); its chair ${state.root.sender} publishes the result. ` +
        `To vote, DM ${state.root.sender}: vote ${spec.tag}: <choice>`
    }
    const {tally, dms} = await chairTally(hub, args.channel, state)
    const receipts = await sendRejectionReceipts(hub, me.id, tally, dms)
    return fenced((f) => [`VOTE ${spec.tag} (open until ${when(spec.closes_at)}): ${f.inline('topic', spec.topic)}`,
      ...spec.options.map((o, i) => `${i + 1}. ${f.inline('option', o)} — ${Object.values(tally.ballots).filter((b) => b[0] === i).length}`),
      `ballots: ${tally.seen} seen · ${Object.keys(tally.ballots).length} counted · ${tally.rejected.length} rejected` +
        (tally.rejected.length ? ` (${tally.rejected.join(', ')})` : ''),
      `no counted ballot yet: ${tally.missing.join(', ') || 'nobody'}`,
      ...(receipts.length ? [`rejection receipts sent to: ${receipts.join(', ')}`] : [])])
  }))

  server.registerTool('close_vote', {
    description: 'Publishes the result of a vote you chair. Refused while the window is still open and a member has not ' +
      'voted, unless force=true (the result is then stamped as closed early by the chair).',
    inputSchema: {channel: z.string().min(1), message_id: z.string().min(1), force: z.boolean().default(false)},
  }, (args) => guarded(async () => {
    const state = await loadVote(hub, args.channel, args.message_id)
    if (state.published) return showPublished(state.published)
    const me = await hub.whoami()
    if (me.id !== state.root.sender) throw new HubError(403, `only the chair ${state.root.sender} can close this vote`, 'ballot by DM to the chair instead')
    const {tally} = await chairTally(hub, args.channel, state)
    const expired = now() >= tally.spec.closes_at
    if (!expired && !tally.allVoted && !args.force) {
      throw new HubError(409, `vote ${tally.spec.tag} is still open until ${when(tally.spec.closes_at)} and ${tally.missing.join(', ')} ` +
        'have not voted', 'wait for the window or the missing ballots, or pass force=true to close it early')
    }
    const reason = tally.allVoted ? 'all members voted' : expired ? 'window ended' : 'CLOSED EARLY BY THE CHAIR'
    const result = voteResult(tally, reason)
    const post = await hub.postMessage(args.channel, {
      status: 'resolved', reply_to: state.root.id, title: singleLine(`VOTE RESULT: ${tally.spec.topic}`, 120), body: result.body, data: result.data,
    })
    return fenced((f) => [`VOTE PUBLISHED ${post.channel}#${post.seq} id=${post.id}`, f.block('result', result.body)])
  }))
}
