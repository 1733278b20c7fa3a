import type {Storage} from './port.js'

/** A hub block as authentication needs it. */
export interface HubBlock {
  imposed_by: string
  expires_at: number | null
}

interface Held extends HubBlock {
  id: number
}

/**
 * PostgreSQL only: the unlifted hub blocks, mirrored in memory, so authenticating a call costs no
 * round trip (measured: the block check was one of a post's three trips). Dropped when this process
 * imposes or lifts a hub block (services/governance/blocks.ts, after the commit) and when another
 * process's block change is announced (cluster/attach.ts: its trigger's cache event); expiry is
 * checked at each read. A load that was under way when the mirror was dropped is not kept, so a
 * read never brings back what a later change replaced. SQLite asks its file each time (a
 * sub-microsecond indexed read in process), so it registers no mirror.
 */
export class HubBlockMirror {
  private byAgent: Map<string, Held[]> | null = null
  private loading: Promise<Map<string, Held[]>> | null = null
  private generation = 0

  constructor(private readonly db: Storage) {}

  invalidate(): void {
    this.generation++
    this.byAgent = null
    this.loading = null
  }

  /** The newest unlifted, unexpired hub block on `agent`, as the SQL read in activeHubBlock answers. */
  async active(agent: string, now: number): Promise<HubBlock | undefined> {
    const byAgent = this.byAgent ?? await (this.loading ??= this.load())
    let found: Held | undefined
    for (const b of byAgent.get(agent) ?? []) {
      if ((b.expires_at == null || b.expires_at > now) && (!found || b.id > found.id)) found = b
    }
    return found && {imposed_by: found.imposed_by, expires_at: found.expires_at}
  }

  private async load(): Promise<Map<string, Held[]>> {
    const generation = this.generation
    let rows: Array<Held & {agent_id: string}>
    try {
      rows = await this.db.all<Held & {agent_id: string}>(
        "SELECT id, agent_id, imposed_by, expires_at FROM blocks WHERE scope = 'hub' AND lifted_at IS NULL")
    } catch (err) {
      if (generation === this.generation) this.loading = null // the next read tries again
      throw err
    }
    const byAgent = new Map<string, Held[]>()
    for (const r of rows) {
      const list = byAgent.get(r.agent_id) ?? []
      list.push({id: r.id, imposed_by: r.imposed_by, expires_at: r.expires_at})
      byAgent.set(r.agent_id, list)
    }
    if (generation === this.generation) {
      this.byAgent = byAgent
      this.loading = null
    }
    return byAgent
  }
}

const mirrors = new WeakMap<Storage, HubBlockMirror>()

/** The mirror of this storage, when a PostgreSQL process registered one (cluster/attach.ts). */
export function hubBlockMirror(db: Storage): HubBlockMirror | undefined {
  return mirrors.get(db)
}

export function registerHubBlockMirror(db: Storage): HubBlockMirror {
  const mirror = new HubBlockMirror(db)
  mirrors.set(db, mirror)
  return mirror
}

/** This process imposed or lifted a hub block (committed): the mirror, if any, reloads on the next read. */
export function hubBlocksChanged(db: Storage): void {
  mirrors.get(db)?.invalidate()
}
