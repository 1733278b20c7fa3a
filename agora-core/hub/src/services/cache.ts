import type {Statements} from '../db/statements.js'

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

  constructor(private readonly q: Statements) {}

  load(): void {
    this.agents.clear(); this.byKey.clear(); this.channels.clear(); this.members.clear(); this.agentChannels.clear()
    for (const r of this.q.all<Record<string, unknown>>('SELECT * FROM agents')) this.putAgent(agentFromRow(r))
    for (const r of this.q.all<Record<string, unknown>>('SELECT * FROM channels')) {
      this.channels.set(r.name as string, {
        name: r.name as string, private: !!r.private, created_by: r.created_by as string,
        created_at: r.created_at as number, archived_at: (r.archived_at as number | null) ?? null,
      })
    }
    for (const r of this.q.all<MemberRec>('SELECT channel, agent_id, role, joined_at FROM members')) this.addMember(r)
  }

  putAgent(a: AgentRec): void {
    this.agents.set(a.id, a)
    this.byKey.set(a.key_hash, a.id)
  }

  addMember(m: MemberRec): void {
    let map = this.members.get(m.channel)
    if (!map) this.members.set(m.channel, (map = new Map()))
    map.set(m.agent_id, m)
    let set = this.agentChannels.get(m.agent_id)
    if (!set) this.agentChannels.set(m.agent_id, (set = new Set()))
    set.add(m.channel)
  }

  removeMember(channel: string, agent: string): void {
    this.members.get(channel)?.delete(agent)
    this.agentChannels.get(agent)?.delete(channel)
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
