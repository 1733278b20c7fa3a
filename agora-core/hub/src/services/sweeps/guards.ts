import type {Ctx} from '../context.js'

/** Every sweep's re-alert guard lives in `meta` under this prefix, so a restart neither repeats nor forgets an alert. */
export const GUARD_PREFIX = 'sweep:'

/**
 * The guards of one sweep pass: read in one query at the start, written back row by row only when
 * they changed. Values are JSON; a deleted guard is removed from `meta`.
 */
export class Guards {
  private constructor(private readonly ctx: Ctx, private readonly rows: Map<string, unknown>) {}

  static async load(ctx: Ctx): Promise<Guards> {
    const list = await ctx.db.all<{key: string; value: string}>('SELECT key, value FROM meta WHERE key LIKE ?', `${GUARD_PREFIX}%`)
    const rows = new Map<string, unknown>()
    for (const r of list) {
      try {
        rows.set(r.key.slice(GUARD_PREFIX.length), JSON.parse(r.value))
      } catch {
        // a guard someone hand-edited into bad JSON counts as absent; the next write repairs it
      }
    }
    return new Guards(ctx, rows)
  }

  get<T>(name: string): T | undefined {
    return this.rows.get(name) as T | undefined
  }

  /** Names under a prefix (e.g. every seat's wake record), for clean-up of rows whose subject is gone. */
  names(prefix: string): string[] {
    return [...this.rows.keys()].filter(k => k.startsWith(prefix))
  }

  async set(name: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value)
    if (this.rows.has(name) && JSON.stringify(this.rows.get(name)) === text) return
    this.rows.set(name, value)
    await this.ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      GUARD_PREFIX + name, text)
  }

  async delete(name: string): Promise<void> {
    if (!this.rows.has(name)) return
    this.rows.delete(name)
    await this.ctx.db.run('DELETE FROM meta WHERE key = ?', GUARD_PREFIX + name)
  }
}
