// The golden-vector replay runner: one scratch hub per vector, setup ops, then expect steps
// (which may interleave ops), then optional post_setup/post_expect. It talks plain HTTP.
import {Caller, TestHub} from '../helpers/hub.js'
import {MatchError, subsetMatch, subsetMatchSome} from './matcher.js'

const POST_FIELDS = ['body', 'title', 'status', 'to', 'data', 'reply_to', 'urgency'] as const
const EXPECT_KEYS = new Set(['call', 'as', 'channel', 'since', 'ref', 'match', 'match_subset',
  'q', 'kind', 'sort', 'limit', 'sender', 'channel_filter', 'mode'])

export interface Vector {
  name: string
  setup: Step[]
  expect: Step[]
  post_setup?: Step[]
  post_expect?: Step[]
}
export type Step = Record<string, any>

const enc = encodeURIComponent

export class VectorWorld {
  readonly seats = new Map<string, Caller>()
  readonly refs = new Map<string, Record<string, any>>()
  constructor(readonly hub: TestHub) {}

  /** `$name.field` resolves only when `name` was declared by a step's `ref`; any other `$` string is a literal. */
  resolve(value: unknown): unknown {
    if (typeof value === 'string' && value.startsWith('$') && value.includes('.')) {
      const dot = value.indexOf('.')
      const name = value.slice(1, dot)
      const ref = this.refs.get(name)
      if (!ref) return value
      const field = value.slice(dot + 1)
      if (!(field in ref)) throw new Error(`ref ${name} has no field ${field}`)
      return ref[field]
    }
    if (Array.isArray(value)) return value.map((v) => this.resolve(v))
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(v)]))
    }
    return value
  }

  seat(id: string): Caller {
    const s = this.seats.get(id)
    if (!s) throw new Error(`vector uses unregistered seat ${id}`)
    return s
  }

  async runOp(step: Step): Promise<void> {
    switch (step.op) {
      case 'register': {
        this.seats.set(step.id, await this.hub.register(step.id))
        return
      }
      case 'channel': {
        const members = (step.members ?? []).map((m: string) => this.seat(m))
        await this.hub.channel(this.seat(step.owner), step.name, members)
        return
      }
      case 'post': {
        const payload: Record<string, unknown> = {}
        for (const k of POST_FIELDS) if (k in step) payload[k] = this.resolve(step[k])
        const msg = await this.seat(step.as).ok('POST', `/channels/${enc(step.channel)}/messages`, payload)
        if (step.ref) this.refs.set(step.ref, msg)
        return
      }
      case 'read': {
        await this.seat(step.as).ok('GET', `/channels/${enc(step.channel)}/messages/${this.resolve(step.id)}`)
        return
      }
      case 'store': {
        await this.seat(step.as).ok('PUT', `/channels/${enc(step.channel)}/store/${enc(step.key)}`, {value: this.resolve(step.value)})
        return
      }
      case 'group': {
        const res = await this.seat(step.as).ok('POST', '/groups', {
          name: step.name, members: step.members ?? [], purpose: step.purpose ?? '', opening_post: step.opening_post ?? '',
        })
        if (step.ref) this.refs.set(step.ref, res)
        return
      }
      case 'join_via_invite_dm': {
        const seat = this.seat(step.as)
        const dm: any[] = await seat.ok('GET', `/channels/${enc(step.dm)}/messages`)
        const tokens = dm.map((m) => m?.data?.invite_token).filter((t) => typeof t === 'string' && t)
        if (tokens.length === 0) throw new Error(`no invite token found in ${step.dm}`)
        await seat.ok('POST', `/channels/${enc(step.channel)}/join`, {invite_token: tokens.at(-1)})
        return
      }
      case 'rate': {
        await this.seat(step.as).ok('PUT', `/channels/${enc(step.channel)}/messages/${enc(String(this.resolve(step.message)))}/rating`, {value: step.value})
        return
      }
      case 'unrate': {
        await this.seat(step.as).ok('DELETE', `/channels/${enc(step.channel)}/messages/${enc(String(this.resolve(step.message)))}/rating`)
        return
      }
      case 'retract': {
        await this.seat(step.as).ok('POST', `/channels/${enc(step.channel)}/messages/${enc(String(this.resolve(step.message)))}/retract`)
        return
      }
      default:
        throw new Error(`unknown op ${JSON.stringify(step.op)}: this runner replays register/channel/post/read/store/group/join_via_invite_dm/rate/unrate/retract`)
    }
  }

  async served(step: Step): Promise<unknown> {
    switch (step.call) {
      case 'owed':
        return this.seat(step.as).ok('GET', '/owed')
      case 'messages': {
        const rows: any[] = await this.seat(step.as).ok('GET', `/channels/${enc(step.channel)}/messages?since=${step.since ?? 0}`)
        return rows.filter((m) => m?.kind === 'message')
      }
      case 'group_result': {
        const r = this.refs.get(step.ref)
        if (!r) throw new Error(`group_result names undeclared ref ${step.ref}`)
        return r
      }
      case 'leaderboard':
        return this.seat(step.as).ok('GET', step.channel === undefined ? '/reputation' : `/channels/${enc(step.channel)}/reputation`)
      case 'search': {
        const params = new URLSearchParams()
        for (const k of ['q', 'kind', 'sort', 'limit', 'sender', 'mode'] as const) if (step[k] !== undefined) params.append(k, String(this.resolve(step[k])))
        for (const c of step.channel_filter ?? []) params.append('channel', String(c))
        return this.seat(step.as).ok('GET', `/search?${params}`)
      }
      default:
        throw new Error(`unknown call ${JSON.stringify(step.call)}: this runner serves owed/messages/group_result/leaderboard/search`)
    }
  }

  async runExpect(step: Step): Promise<void> {
    const unknown = Object.keys(step).filter((k) => !EXPECT_KEYS.has(k))
    if (unknown.length) throw new Error(`unknown expect keys ${unknown.sort().join(', ')} in ${JSON.stringify(step)}`)
    if (!('match' in step) && !('match_subset' in step)) throw new Error(`expect step asserts nothing: ${JSON.stringify(step)}`)
    const served = await this.served(step)
    try {
      if ('match' in step) subsetMatch(this.resolve(step.match), served, step.call)
      if ('match_subset' in step) subsetMatchSome(this.resolve(step.match_subset) as unknown[], served, step.call)
    } catch (e) {
      if (e instanceof MatchError) e.message = `${JSON.stringify(step).slice(0, 300)}\n  ${e.message}`
      throw e
    }
  }

  async runSteps(steps: Step[] | undefined): Promise<void> {
    for (const step of steps ?? []) {
      if ('op' in step) await this.runOp(step)
      else await this.runExpect(step)
    }
  }
}

/** Replay one vector on a fresh hub (rate 6000/min, as the reference runner does). */
export async function replay(vector: Vector, opts: {toCloseMinAge?: number} = {}): Promise<void> {
  const hub = await TestHub.start({ratePerMinute: 6000, ...opts})
  try {
    const world = new VectorWorld(hub)
    await world.runSteps(vector.setup)
    await world.runSteps(vector.expect)
    await world.runSteps(vector.post_setup)
    await world.runSteps(vector.post_expect)
  } finally {
    await hub.close()
  }
}
