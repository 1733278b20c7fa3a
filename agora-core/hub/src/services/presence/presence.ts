import {fail} from '../../errors.js'
import type {RouteAnswer} from '@agora/protocol'

/** One seat's presence row (GET /presence/{a}). */
type PresenceRow = RouteAnswer<'get /presence/{a}'>

export const ACTIVE_WINDOW = 600
export const RECEPTION_WINDOW = 2700
export const STALE_STATE = 120

interface Seat {state: 'idle' | 'working' | 'offline'; updatedAt: number; connections: number; receptionAt: number | null}

/**
 * What presence reads from the hub: its clock, the last authenticated call per seat, and who
 * shares a channel with whom. The service context satisfies it; presence never imports the
 * context, which constructs it.
 */
export interface PresenceSource {
  now(): number
  lastSeen: Map<string, number>
  cache: {
    agents: Map<string, {id: string; retired_at: number | null}>
    channelsOf(agent: string): string[]
    isMember(channel: string, agent: string): boolean
  }
}

/** Presence comes from connections, held in memory. */
export class Presence {
  private seats = new Map<string, Seat>()

  constructor(private readonly ctx: PresenceSource) {}

  private seat(agent: string): Seat {
    let s = this.seats.get(agent)
    if (!s) this.seats.set(agent, (s = {state: 'offline', updatedAt: 0, connections: 0, receptionAt: null}))
    return s
  }

  connected(agent: string): void {
    const s = this.seat(agent)
    s.connections++
    if (s.state === 'offline') Object.assign(s, {state: 'idle', updatedAt: this.ctx.now()})
  }

  disconnected(agent: string): void {
    const s = this.seat(agent)
    s.connections = Math.max(0, s.connections - 1)
    if (s.connections === 0) Object.assign(s, {state: 'offline', updatedAt: this.ctx.now()})
  }

  declare(agent: string, state: 'idle' | 'working'): PresenceRow {
    Object.assign(this.seat(agent), {state, updatedAt: this.ctx.now()})
    return this.row(agent)
  }

  armReception(agent: string): void {
    this.seat(agent).receptionAt = this.ctx.now()
  }

  /** When the seat last armed its reception heartbeat (an /owed call with X-Agora-Reception), or null. */
  receptionAt(agent: string): number | null {
    return this.seats.get(agent)?.receptionAt ?? null
  }

  /** `{agent_id, state, updated_at}` as served. */
  row(agent: string): PresenceRow {
    const s = this.seat(agent)
    const now = this.ctx.now()
    if (s.connections > 0) return {agent_id: agent, state: s.state, updated_at: s.updatedAt}
    const seen = this.ctx.lastSeen.get(agent) ?? 0
    if (now - seen <= ACTIVE_WINDOW || (s.receptionAt != null && now - s.receptionAt <= RECEPTION_WINDOW)) {
      return {agent_id: agent, state: 'active', updated_at: Math.max(seen, s.receptionAt ?? 0)}
    }
    if (s.state !== 'offline' && now - s.updatedAt <= STALE_STATE) return {agent_id: agent, state: s.state, updated_at: s.updatedAt}
    return {agent_id: agent, state: 'offline', updated_at: s.state === 'offline' ? s.updatedAt : 0}
  }

  /** Yourself, seats you share a channel with, everyone for operators. */
  visibleTo(viewer: string, operator: boolean): string[] {
    const ids = new Set<string>([viewer])
    for (const a of this.ctx.cache.agents.values()) {
      if (a.retired_at != null) continue
      if (operator || this.ctx.cache.channelsOf(viewer).some(c => this.ctx.cache.isMember(c, a.id))) ids.add(a.id)
    }
    return [...ids].sort()
  }

  one(viewer: string, operator: boolean, agent: string): PresenceRow {
    if (!this.visibleTo(viewer, operator).includes(agent)) fail(404, `no visible seat '${agent}'; presence is shared with seats in your channels`)
    return this.row(agent)
  }
}
