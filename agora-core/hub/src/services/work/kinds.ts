import {isDeepStrictEqual} from 'node:util'
import {toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import {getRow, parseValue, channelMeta} from '../store/index.js'
import {holdsChannelPower, reportsIn} from '../grants/index.js'
import {isTerminal} from '../sweeps/index.js'

/** `work:<pkg>-<n>`: a package slug, a dash, a number. */
export const WORK_ITEM = /^[a-z0-9][a-z0-9._]*(?:-[a-z0-9._]+)*-[0-9]+$/
export const WORK_STATUSES = ['proposed', 'planned', 'completed', 'deprecated']
const SEAT_LIST_MAX = 8
const TEXT_MAX = 500

export interface KindInput {
  channel: string
  key: string
  value: unknown
  expectVersion?: number
  actor: string
  operator: boolean
}

type Obj = Record<string, unknown>

function object(value: unknown, key: string, example: string): Obj {
  const v = toPlain(value)
  if (!v || typeof v !== 'object' || Array.isArray(v)) fail(400, `${key} must be a JSON object, e.g. ${example}`)
  return {...(v as Obj)}
}

function text(v: Obj, field: string, key: string, max = TEXT_MAX): void {
  if (v[field] === undefined || v[field] === null) return
  if (typeof v[field] !== 'string') fail(400, `${key}.${field} must be a string`)
  const s = sanitize(v[field] as string)
  if (s.length > max) fail(400, `${key}.${field} is ${s.length} characters; the limit is ${max}`)
  v[field] = s
}

/** A seat id that must be a live member of the room (a row naming an outsider would ring nobody). */
function member(ctx: Ctx, channel: string, id: unknown, what: string): string {
  if (typeof id !== 'string' || !ctx.cache.isMember(channel, id)) {
    fail(400, `${what} names '${String(id).slice(0, 64)}', who is not a member of '${channel}'; name a member or invite them first`)
  }
  return id
}

/** claim: park/wait fields (V3). The owner and cadence rules stay in the store write itself. */
function claim(ctx: Ctx, input: KindInput, v: Obj): void {
  const {channel, key} = input
  text(v, 'blocked_on', key)
  text(v, 'needs', key)
  if (v.needs_from !== undefined && v.needs_from !== null) {
    const list = typeof v.needs_from === 'string' ? [v.needs_from] : v.needs_from
    if (!Array.isArray(list) || list.length === 0 || list.length > SEAT_LIST_MAX) fail(400, `${key}.needs_from must be a seat id or a list of 1-${SEAT_LIST_MAX} seat ids`)
    list.forEach(id => member(ctx, channel, id, `${key}.needs_from`))
  }
  if (v.waiting_on !== undefined && v.waiting_on !== null) {
    const w = v.waiting_on
    const shape = `${key}.waiting_on must be {channel, key, at_version}: the row this claim resumes on once its version passes at_version`
    if (!w || typeof w !== 'object' || Array.isArray(w)) fail(400, shape)
    const wo = w as Obj
    const extra = Object.keys(wo).filter(k => !['channel', 'key', 'at_version'].includes(k))
    if (extra.length || typeof wo.channel !== 'string' || typeof wo.key !== 'string' || typeof wo.at_version !== 'number'
      || !Number.isInteger(wo.at_version) || wo.at_version < 0) fail(400, shape)
    if (!ctx.cache.isMember(wo.channel as string, input.actor)) fail(403, `${key}.waiting_on names '${wo.channel}', which you are not a member of; wait on a row you can read`)
  }
  if (v.source_message_id !== undefined && v.source_message_id !== null) {
    const s = v.source_message_id
    if (typeof s !== 'string' || !(/^[0-9A-HJKMNP-TV-Z]{26}$/.test(s) || /^[^#\s]{1,128}#[1-9][0-9]{0,15}$/.test(s))) {
      fail(400, `${key}.source_message_id must be a message id or '<channel>#<seq>'`)
    }
  }
}

async function phase(ctx: Ctx, input: KindInput, v: Obj, current: Obj | null): Promise<void> {
  const {channel, key, actor, operator} = input
  const ch = ctx.cache.channels.get(channel)
  const steward = current && typeof current.steward === 'string' ? current.steward : null
  const allowed = operator || ch?.created_by === actor || steward === actor || holdsChannelPower(ctx, actor, channel, ['ruling', 'operational'])
  if (!allowed) fail(403, `${key} is written by the room's owner, an operator, a ruling/operational delegate or its steward${steward ? ` ('${steward}')` : ''}; ask one of them`)
  if (v.steward !== undefined && v.steward !== null) member(ctx, channel, v.steward, `${key}.steward`)
  for (const f of ['status', 'current', 'next', 'next_step']) text(v, f, key)
  const gated = ((await channelMeta(ctx, channel)).gated_acts as string[] | undefined)?.includes('phase_complete')
  if (gated && isTerminal(v) && !(current && isTerminal(current))) {
    const gate = await getRow(ctx, channel, `gate:${key}`)
    const g = gate ? toPlain(parseValue(gate)) as Obj | null : null
    if (!g || g.approved !== true) {
      fail(409, `completing ${key} is gated in '${channel}' (gated_acts: phase_complete); the owner or a proxy approves with PUT /channels/${channel}/store/gate:${key} {"value":{"approved":true}}`)
    }
  }
  const stamps = ['declared_by', 'declared_at']
  const strip = (o: Obj | null) => o && Object.fromEntries(Object.entries(o).filter(([k]) => !stamps.includes(k)))
  const same = current && isDeepStrictEqual(strip(v), strip(current))
  v.declared_by = same ? current.declared_by : actor
  v.declared_at = same ? current.declared_at : ctx.now()
}

/**
 * The hub-enforced rules of the work-plane key kinds (docs: hub README "Work plane"). Returns the value
 * to store and the version the write must still find: for rows guarded by who may write them, a write
 * without expect_version is pinned to the version this check read, so a concurrent change gives 409
 * instead of slipping past the check.
 */
export async function checkWorkKey(ctx: Ctx, input: KindInput): Promise<{value: unknown; expectVersion?: number}> {
  const {channel, key, actor, operator} = input
  const kind = key.slice(0, key.indexOf(':') + 1)
  if (!['claim:', 'phase:', 'gate:', 'queue:', 'ruling:', 'work:'].includes(kind)) return {value: input.value, expectVersion: input.expectVersion}
  const row = await getRow(ctx, channel, key)
  const current = row ? (toPlain(parseValue(row)) as Obj | null) : null
  const pinned = input.expectVersion ?? row?.version ?? 0
  switch (kind) {
    case 'claim:': {
      const plain = toPlain(input.value)
      if (!plain || typeof plain !== 'object' || Array.isArray(plain)) return {value: input.value, expectVersion: input.expectVersion}
      const v = {...(plain as Obj)}
      if (!['blocked_on', 'needs', 'needs_from', 'waiting_on', 'source_message_id'].some(f => v[f] !== undefined)) {
        return {value: input.value, expectVersion: input.expectVersion}
      }
      claim(ctx, input, v)
      return {value: v, expectVersion: input.expectVersion}
    }
    case 'phase:': {
      const v = object(input.value, key, '{"steward":"bob","status":"building","next":"wire the parser"}')
      await phase(ctx, input, v, current && typeof current === 'object' ? current : null)
      return {value: v, expectVersion: pinned}
    }
    case 'gate:': {
      const ch = ctx.cache.channels.get(channel)
      if (!(operator || ch?.created_by === actor || holdsChannelPower(ctx, actor, channel, ['proxy']))) {
        fail(403, `gate: rows are the room owner's approvals (or a proxy delegate's); ask the owner of '${channel}'`)
      }
      const v = object(input.value, key, '{"approved":true,"note":"looks right"}')
      if (typeof v.approved !== 'boolean') fail(400, `${key}.approved must be true or false`)
      text(v, 'note', key, 200)
      return {value: v, expectVersion: pinned}
    }
    case 'queue:':
      if (!operator && !reportsIn(ctx, actor, channel)) fail(403, `queue: rows are kept by operators and reporting delegates; post your request in '${channel}' instead`)
      return {value: input.value, expectVersion: pinned}
    case 'ruling:': {
      if (!operator) fail(403, `ruling: rows are operator rulings; ask an operator (agora rulings lists the standing ones)`)
      const plain = toPlain(input.value)
      const t = typeof plain === 'string' ? plain : plain && typeof plain === 'object' && !Array.isArray(plain) ? (plain as Obj).text : undefined
      if (typeof t !== 'string' || sanitize(t).length === 0) fail(400, `${key} must be the ruling's text, or an object with a non-empty text field`)
      if (t.length > 4000) fail(400, `${key} text is ${t.length} characters; the limit is 4000`)
      return {value: input.value, expectVersion: pinned}
    }
    default: {
      const item = key.slice('work:'.length)
      if (!WORK_ITEM.test(item)) fail(400, `work keys are work:<package>-<n> (e.g. work:parser-12); '${item.slice(0, 64)}' is not`)
      const v = object(input.value, key, '{"status":"planned","title":"streaming parser"}')
      if (!WORK_STATUSES.includes(v.status as string)) fail(400, `${key}.status must be one of ${WORK_STATUSES.join(', ')}`)
      text(v, 'title', key, 200)
      return {value: v, expectVersion: input.expectVersion}
    }
  }
}
