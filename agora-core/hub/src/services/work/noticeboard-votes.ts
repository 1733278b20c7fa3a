import {toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {channelMeta} from '../store/index.js'
import {parseBallot} from '../obligations/index.js'
import {voteSpec} from '../obligations/index.js'

/** Bounds a vote root must respect in a noticeboard (the MCP `open_vote` tool writes within them). */
const MAX_OPTIONS = 20
const MAX_TEXT = 200
/** `v-` plus six lowercase characters of a ULID (Crockford base32), as `open_vote` writes them. */
const TAG = /^v-[0-9a-hjkmnp-tv-z]{6}$/

type Data = Record<string, unknown>

/**
 * Votes are a convention over messages (docs/protocol.md#votes) that the hub leaves unchecked except
 * in a noticeboard room, where traffic is typed: there a `data.vote` root must be a well-formed ballot
 * contract, a public ballot must name options of the vote it answers, and only the chair (or the hub)
 * may publish a `data.vote_result`. 400 or 403 with the fix, before anything is written.
 * Returns true when the post is a well-formed vote root, which a noticeboard accepts as a new thread.
 */
export async function noticeboardVotesGate(ctx: Ctx, channel: string, sender: string, parent: StoredMessage | undefined, data: Data): Promise<boolean> {
  if (data.vote === undefined && data.vote_result === undefined) return false
  const meta = ctx.metaCache.get(channel) ?? await channelMeta(ctx, channel)
  if (meta.traffic_policy !== 'noticeboard') return false
  const plain = toPlain(data) as Data
  if (plain.vote_result !== undefined) checkResult(sender, parent, plain.vote_result)
  if (plain.vote === undefined) return false
  if (parent === undefined) {
    checkRoot(ctx, plain.vote)
    return true
  }
  checkBallot(parent, plain.vote)
  return false
}

function checkRoot(ctx: Ctx, vote: unknown): void {
  const fix = 'a vote root carries data.vote {"topic":"…","options":["a","b"],"tag":"v-xxxxxx","ballots":"dm","closes_at":<unix seconds>} (MCP open_vote writes one)'
  if (vote === null || typeof vote !== 'object' || Array.isArray(vote)) fail(400, `data.vote on a new thread must be an object: ${fix}`)
  const v = vote as Data
  if (typeof v.topic !== 'string' || v.topic.trim() === '' || v.topic.length > MAX_TEXT) fail(400, `data.vote.topic must be a non-empty string of at most ${MAX_TEXT} characters: ${fix}`)
  const options = v.options
  if (!Array.isArray(options) || options.length < 2 || options.length > MAX_OPTIONS ||
    !options.every(o => typeof o === 'string' && o.trim() !== '' && o.length <= MAX_TEXT)) {
    fail(400, `data.vote.options must list 2 to ${MAX_OPTIONS} non-empty strings of at most ${MAX_TEXT} characters: ${fix}`)
  }
  const folded = (options as string[]).map(o => o.normalize('NFKC').trim().toLowerCase())
  if (new Set(folded).size !== folded.length) fail(400, 'data.vote.options must be distinct (compared case-insensitively); remove the duplicates')
  if (typeof v.tag !== 'string' || !TAG.test(v.tag)) fail(400, `data.vote.tag must be "v-" and six lowercase ULID characters (e.g. "v-7k2m9q"): ${fix}`)
  if (v.ballots !== 'dm') fail(400, 'data.vote.ballots must be "dm": ballots are DMed to the chair so the vote stays blind')
  if (typeof v.closes_at !== 'number' || !Number.isFinite(v.closes_at)) fail(400, `data.vote.closes_at must be a number of unix seconds: ${fix}`)
  if (v.closes_at <= ctx.now()) fail(400, `data.vote.closes_at (${v.closes_at}) is already past; give the vote a window that ends in the future`)
}

function checkBallot(parent: StoredMessage, ballot: unknown): void {
  const isList = Array.isArray(ballot) && ballot.every(b => typeof b === 'string')
  if (typeof ballot !== 'string' && !isList) fail(400, 'data.vote on a reply is a ballot: a string ("b", or a ranking "a > b") or a list of strings')
  const spec = voteSpec(parent)
  if (spec === null) fail(400, 'data.vote on a reply is a ballot, but the message it replies to is not a vote root; reply to the VOTE message')
  if (parseBallot(ballot, spec.options) === null) {
    fail(400, `the ballot does not match the options of vote ${spec.tag} (${spec.options.map((o, i) => `${i + 1}. ${o}`).join('; ')}); ` +
      'name each choice once, by its text, its number or an unambiguous prefix')
  }
}

function checkResult(sender: string, parent: StoredMessage | undefined, result: unknown): void {
  const spec = parent === undefined ? null : voteSpec(parent)
  if (parent === undefined || spec === null) fail(400, 'data.vote_result belongs on a reply to the vote root it publishes; set reply_to to the VOTE message')
  if (sender !== parent.sender) fail(403, `only the vote's chair ${parent.sender} (or the hub, when the window ends) publishes the result of vote ${spec.tag}; DM your ballot to the chair instead`)
  if (result === null || typeof result !== 'object' || Array.isArray(result)) fail(400, 'data.vote_result must be an object {topic, options, ballots, total_members, closed, …} (MCP close_vote writes it)')
}
