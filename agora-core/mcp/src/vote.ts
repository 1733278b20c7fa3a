import {randomInt} from 'node:crypto'

import type {MessageLike} from './render.js'

/** `data.vote` on a vote root. */
export interface VoteSpec {
  topic: string
  options: string[]
  tag: string
  ballots: 'dm'
  closes_at: number
}

export interface VoteTally {
  spec: VoteSpec
  /** voter → 0-based option indices, best first */
  ballots: Record<string, number[]>
  rejected: string[]
  eligible: string[]
  missing: string[]
  /** voter → created_at of the ballot that counts (or was rejected) */
  ballotAt: Record<string, number>
  seen: number
  allVoted: boolean
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz'

/** `v-` + 6 lowercase Crockford chars, the alphabet of a ULID's random part. */
export function newVoteTag(): string {
  let tag = 'v-'
  for (let i = 0; i < 6; i++) tag += CROCKFORD[randomInt(CROCKFORD.length)]
  return tag
}

export function voteSpecOf(root: MessageLike): VoteSpec | undefined {
  const vote = root.data?.vote as Partial<VoteSpec> | undefined
  if (!vote || typeof vote !== 'object' || !Array.isArray(vote.options) || typeof vote.tag !== 'string') return undefined
  // data subtrees arrive with lossless numbers; the window is compared as a plain number
  return {...vote, options: vote.options.map(String), closes_at: Number(vote.closes_at)} as VoteSpec
}

const norm = (text: string): string => text.toLowerCase().trim().replace(/^[\s"'`*_([{<]+|[\s"'`*_)\]}>.,;!]+$/g, '').trim()

/** One ballot item → an option index, or -1 when it matches nothing or more than one option. */
export function matchOption(item: string, options: string[]): number {
  const wanted = norm(item)
  const folded = options.map(norm)
  const exact = folded.indexOf(wanted)
  if (exact >= 0) return exact
  if (/^\d+$/.test(wanted)) {
    const n = Number(wanted)
    return n >= 1 && n <= options.length ? n - 1 : -1
  }
  const rendered = /^(\d+)\.\s*(.*)$/.exec(wanted)
  if (rendered) {
    const [, digits, rest = ''] = rendered
    const n = Number(digits)
    const option = folded[n - 1] // undefined unless 1 <= n <= options.length
    if (option !== undefined && option.startsWith(rest)) return n - 1
  }
  if (wanted.length >= 2) {
    const hits = folded.flatMap((option, i) => (option.startsWith(wanted) ? [i] : []))
    const [only, ...more] = hits
    if (only !== undefined && more.length === 0) return only
  }
  return -1
}

/** A whole ballot (`a > b > c` or one choice); one unmatched item rejects all of it. */
export function parseBallot(choice: string | string[], options: string[]): number[] | null {
  const items = Array.isArray(choice) ? choice.map(String) : choice.split('>')
  const picks: number[] = []
  for (const item of items) {
    const index = matchOption(item, options)
    if (index < 0) return null
    if (!picks.includes(index)) picks.push(index)
  }
  return picks.length ? picks : null
}

/** The last ballot line a message carries for this vote, or undefined when it carries none. */
function ballotIn(m: MessageLike, root: MessageLike, spec: VoteSpec): string | string[] | undefined {
  const inVoteChannel = m.channel === root.channel
  if (inVoteChannel && m.reply_to !== root.id) return undefined
  const refs = [spec.tag.toLowerCase(), `${root.seq}@${root.channel}`.toLowerCase()]
  let found: string | undefined
  for (const line of (m.body ?? '').split('\n')) {
    const [, ref, dmText] = /^\s*vote\s+(\S+?)\s*:\s*(.+)$/i.exec(line) ?? []
    if (ref !== undefined && refs.includes(ref.toLowerCase())) found = dmText
    const [, bareText] = (inVoteChannel ? /^\s*vote\s*:\s*(.+)$/i.exec(line) : null) ?? []
    if (bareText !== undefined) found = bareText
  }
  if (found !== undefined) return found
  const structured = m.data?.vote
  const namesTag = inVoteChannel || `${m.title ?? ''}\n${m.body ?? ''}`.toLowerCase().includes(spec.tag.toLowerCase()) || m.data?.tag === spec.tag
  if (namesTag && (typeof structured === 'string' || Array.isArray(structured))) return structured as string | string[]
  return undefined
}

/**
 * Fold the vote channel (replies to the root) and the chair's DMs into one ballot per voter:
 * the last readable ballot counts, and ballots cast after closes_at are ignored.
 */
export function tallyVote(root: MessageLike, messages: MessageLike[], members: string[]): VoteTally {
  const spec = voteSpecOf(root)
  if (!spec) throw new Error(`message ${root.id} is not a vote root (it has no data.vote)`)
  const chair = root.sender ?? ''
  const eligible = members.filter((id) => id !== chair && id !== 'hub').sort()
  const ordered = [...messages].sort((a, b) => (a.created_at ?? 0) - (b.created_at ?? 0) || (a.seq ?? 0) - (b.seq ?? 0))
  const last = new Map<string, string | string[]>()
  const ballotAt: Record<string, number> = {}
  for (const m of ordered) {
    if (!m.sender || m.sender === chair || !eligible.includes(m.sender) || m.retracted) continue
    if ((m.created_at ?? 0) > spec.closes_at) continue
    const ballot = ballotIn(m, root, spec)
    if (ballot === undefined) continue
    last.set(m.sender, ballot)
    ballotAt[m.sender] = m.created_at ?? 0
  }
  const ballots: Record<string, number[]> = {}
  const rejected: string[] = []
  for (const [voter, choice] of [...last].sort(([a], [b]) => a.localeCompare(b))) {
    const picks = parseBallot(choice, spec.options)
    if (picks) ballots[voter] = picks
    else rejected.push(voter)
  }
  const missing = eligible.filter((id) => !(id in ballots))
  return {spec, ballots, rejected, eligible, missing, ballotAt, seen: last.size, allVoted: eligible.length > 0 && missing.length === 0}
}

/** The published result: `data.vote_result` and the body that lists counts with voters' names. */
export function voteResult(tally: VoteTally, closed: string): {body: string; data: Record<string, unknown>} {
  const {spec, ballots} = tally
  const counted = Object.keys(ballots).length
  const lines = [`VOTE RESULT ${spec.tag}: ${spec.topic}`]
  spec.options.forEach((option, i) => {
    const voters = Object.entries(ballots).filter(([, picks]) => picks[0] === i).map(([v]) => v)
    lines.push(`${i + 1}. ${option} — ${voters.length}${voters.length ? ` (${voters.join(', ')})` : ''}`)
  })
  if (Object.values(ballots).some((picks) => picks.length > 1)) {
    const points = spec.options.map(() => 0)
    for (const picks of Object.values(ballots)) picks.forEach((index, rank) => { points[index] = (points[index] ?? 0) + spec.options.length - 1 - rank })
    lines.push(`Borda: ${spec.options.map((option, i) => `${option} ${points[i]}`).join(' · ')}`)
  }
  lines.push(`ballots: ${tally.seen} seen · ${counted} counted · ${tally.rejected.length} rejected`, `closed: ${closed}`)
  const data: Record<string, unknown> = {
    topic: spec.topic, options: spec.options, ballots, total_members: tally.eligible.length, closed,
    ballots_seen: tally.seen, ballots_counted: counted, ballots_rejected: tally.rejected.length,
  }
  if (tally.rejected.length) data.rejected = tally.rejected
  return {body: lines.join('\n'), data: {vote_result: data}}
}
