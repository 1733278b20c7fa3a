import type {Storage} from '../../db/port.js'

export interface AgentRec {
  id: string
  name: string
  about: string
  mission: string
  operator: boolean
  key_hash: string
  created_at: number
  retired_at: number | null
  deleted_at: number | null
}

export interface ChannelRec {
  name: string
  private: boolean
  created_by: string
  created_at: number
  archived_at: number | null
}

/** One delegations row, revoked and expired ones included: a completion report is judged by the grant in force then. */
export interface GrantRow {
  agent_id: string
  powers: string
  granted_at: number
  expires_at: number
  note: string
  scope: string
  revoked_at: number | null
}

export interface MemberRec {
  channel: string
  agent_id: string
  role: 'owner' | 'member'
  joined_at: number
}

/**
 * Agents, channels and memberships mirrored in memory: every auth and membership check hits
 * these maps. All writes go through this process, so each mutation updates row and map together.
 */
export class Cache {
  agents = new Map<string, AgentRec>()
  byKey = new Map<string, string>()
  channels = new Map<string, ChannelRec>()
  members = new Map<string, Map<string, MemberRec>>()
  agentChannels = new Map<string, Set<string>>()
  /**
   * agent -> its delegation rows in insertion order. The closure engine asks "which grant held
   * at time t" per reply on every surface; answering from memory keeps that engine synchronous.
   */
  grants = new Map<string, GrantRow[]>()
  /**
   * Bumped by every change to these maps (and by touch() where a caller edits a record in place): an answer
   * memo (obligations/answer-memo.ts) keyed by the database stamp also checks this, because a mirror may be
   * updated after its row's commit, with other requests' continuations running in between.
   */
  generation = 0

  constructor(private readonly db: () => Storage) {}

  async load(): Promise<void> {
    const db = this.db()
    const [agents, channels, members, grants] = [
      await db.all<Record<string, unknown>>('SELECT * FROM agents'),
      await db.all<Record<string, unknown>>('SELECT * FROM channels'),
      await db.all<MemberRec>('SELECT channel, agent_id, role, joined_at FROM members'),
      await db.all<GrantRow>('SELECT agent_id, powers, granted_at, expires_at, note, scope, revoked_at FROM delegations ORDER BY granted_at'),
    ]
    // Cleared only after every read: a reload never leaves the maps half empty across an await.
    this.agents.clear(); this.byKey.clear(); this.channels.clear(); this.members.clear(); this.agentChannels.clear(); this.grants.clear()
    for (const r of agents) this.putAgent(agentFromRow(r))
    for (const g of grants) this.addGrant(g)
    for (const r of channels) {
      this.channels.set(r.name as string, {
        name: r.name as string, private: !!r.private, created_by: r.created_by as string,
        created_at: r.created_at as number, archived_at: (r.archived_at as number | null) ?? null,
      })
    }
    for (const r of members) this.addMember(r)
    this.generation++
  }

  /** Record an in-place edit of a mirrored record (a role, a retirement, a pause) made outside these methods. */
  touch(): void {
    this.generation++
  }

  addGrant(g: GrantRow): void {
    let list = this.grants.get(g.agent_id)
    if (!list) this.grants.set(g.agent_id, (list = []))
    list.push({...g})
    this.generation++
  }

  /** Mark the agent's unrevoked grants revoked at `at` (mirrors the UPDATE on delegations). */
  revokeGrants(agent: string, at: number): void {
    for (const g of this.grants.get(agent) ?? []) if (g.revoked_at == null) g.revoked_at = at
    this.generation++
  }

  putAgent(a: AgentRec): void {
    this.agents.set(a.id, a)
    this.byKey.set(a.key_hash, a.id)
    this.generation++
  }

  addMember(m: MemberRec): void {
    let map = this.members.get(m.channel)
    if (!map) this.members.set(m.channel, (map = new Map()))
    map.set(m.agent_id, m)
    let set = this.agentChannels.get(m.agent_id)
    if (!set) this.agentChannels.set(m.agent_id, (set = new Set()))
    set.add(m.channel)
    this.generation++
  }

  removeMember(channel: string, agent: string): void {
    this.members.get(channel)?.delete(agent)
    this.agentChannels.get(agent)?.delete(channel)
    this.generation++
  }

  isMember(channel: string, agent: string): boolean {
    return this.members.get(channel)?.has(agent) ?? false
  }

  channelsOf(agent: string): string[] {
    return [...(this.agentChannels.get(agent) ?? [])]
  }

  membersOf(channel: string): MemberRec[] {
    return [...(this.members.get(channel)?.values() ?? [])]
  }

  isOperator(id: string): boolean {
    return this.agents.get(id)?.operator ?? false
  }
}

export function agentFromRow(r: Record<string, unknown>): AgentRec {
  return {
    id: r.id as string, name: (r.name as string) ?? '', about: (r.about as string) ?? '',
    mission: (r.mission as string) ?? '', operator: !!r.operator, key_hash: r.key_hash as string,
    created_at: r.created_at as number, retired_at: (r.retired_at as number | null) ?? null,
    deleted_at: (r.deleted_at as number | null) ?? null,
  }
}
