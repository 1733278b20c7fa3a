import {fail} from '../../errors.js'
import type {RouteAnswer} from '@agora/protocol'

/** One seat's presence row (GET /presence/{a}). */
type PresenceRow = RouteAnswer<'get /presence/{a}'>

export const ACTIVE_WINDOW = 600
export const RECEPTION_WINDOW = 2700
export const STALE_STATE = 120

/** One seat as one process sees it: its connections there, the state last declared there, its reception heartbeat. */
export interface Seat {state: 'idle' | 'working' | 'offline'; updatedAt: number; connections: number; receptionAt: number | null}

/** A seat as another hub process holds it, with that process's last authenticated call from the seat. */
export interface SharedSeat extends Seat {seenAt: number}

/**
 * Presence held by the other hub processes on one database (cluster/pg-presence.ts). Absent on
 * SQLite (one process): presence is this process's memory alone, as it always was.
 */
export interface PresenceShare {
  /** The seat as every other live process holds it now (entries of dead processes are already left out). */
  elsewhere(agent: string): SharedSeat[]
  /** This process's view of the seat changed; `soon`: connections or a declared state (others need it now). */
  changed(agent: string, soon: boolean): void
}

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

/** Presence comes from connections, held in memory (and, on PostgreSQL, shared with the other processes). */
export class Presence {
  private seats = new Map<string, Seat>()
  /** Set when this process shares a PostgreSQL database with others (cluster/attach.ts). */
  share: PresenceShare | null = null

  constructor(private readonly ctx: PresenceSource) {}

  /** This process's own record of a seat (what it shares with the others). */
  local(agent: string): Seat | undefined {
    return this.seats.get(agent)
  }

  /** Every seat this process has a record of (what a full rewrite of its shared rows covers). */
  localSeats(): string[] {
    return [...this.seats.keys()]
  }

  private seat(agent: string): Seat {
    let s = this.seats.get(agent)
    if (!s) this.seats.set(agent, (s = {state: 'offline', updatedAt: 0, connections: 0, receptionAt: null}))
    return s
  }

  connected(agent: string): void {
    const s = this.seat(agent)
    s.connections++
    if (s.state === 'offline') Object.assign(s, {state: 'idle', updatedAt: this.ctx.now()})
    this.share?.changed(agent, true)
  }

  disconnected(agent: string): void {
    const s = this.seat(agent)
    s.connections = Math.max(0, s.connections - 1)
    if (s.connections === 0) Object.assign(s, {state: 'offline', updatedAt: this.ctx.now()})
    this.share?.changed(agent, true)
  }

  declare(agent: string, state: 'idle' | 'working'): PresenceRow {
    Object.assign(this.seat(agent), {state, updatedAt: this.ctx.now()})
    this.share?.changed(agent, true)
    return this.row(agent)
  }

  armReception(agent: string): void {
    this.seat(agent).receptionAt = this.ctx.now()
    this.share?.changed(agent, false)
  }

  /** When the seat last armed its reception heartbeat (an /owed call with X-Agora-Reception), or null. */
  receptionAt(agent: string): number | null {
    if (!this.share) return this.seats.get(agent)?.receptionAt ?? null
    return this.merged(agent).receptionAt
  }

  /**
   * The seat across every live process: connections add up; while any is connected, the newest
   * declared (not offline) state wins, else idle; with none connected, the newest record wins.
   */
  private merged(agent: string): SharedSeat {
    const own = this.seat(agent)
    const seenAt = this.ctx.lastSeen.get(agent) ?? 0
    const others = this.share?.elsewhere(agent) ?? []
    if (others.length === 0) return {...own, seenAt}
    const all: Seat[] = [own, ...others]
    const connections = all.reduce((n, s) => n + s.connections, 0)
    const newest = (list: Seat[]): Seat | undefined => list.reduce<Seat | undefined>((a, s) => (!a || s.updatedAt > a.updatedAt ? s : a), undefined)
    const pick = connections > 0 ? newest(all.filter(s => s.state !== 'offline')) : newest(all)
    const receptions = all.map(s => s.receptionAt).filter((r): r is number => r != null)
    return {
      connections, state: pick?.state ?? 'idle', updatedAt: pick?.updatedAt ?? own.updatedAt,
      receptionAt: receptions.length > 0 ? Math.max(...receptions) : null,
      seenAt: Math.max(seenAt, ...others.map(o => o.seenAt)),
    }
  }

  /** `{agent_id, state, updated_at}` as served. */
  row(agent: string): PresenceRow {
    const s: Seat | SharedSeat = this.share ? this.merged(agent) : this.seat(agent)
    const now = this.ctx.now()
    if (s.connections > 0) return {agent_id: agent, state: s.state, updated_at: s.updatedAt}
    const seen = this.share ? (s as SharedSeat).seenAt : this.ctx.lastSeen.get(agent) ?? 0
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
