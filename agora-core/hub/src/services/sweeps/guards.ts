import type {Ctx} from '../kernel/index.js'

/** Every sweep's re-alert guard lives in `meta` under this prefix, so a restart neither repeats nor forgets an alert. */
export const GUARD_PREFIX = 'sweep:'

/**
 * The guards of one sweep pass: read in one query at the start, written back only when they changed,
 * all of a sweep's changes at its end (`flush`, inside the sweep's transaction; `discard` when it rolled back).
 * Values are JSON; a deleted guard is removed from `meta`.
 */
export class Guards {
  /** Changed since the last flush: the value to write, or undefined to delete. */
  private readonly dirty = new Map<string, unknown>()
  /** What each changed guard held before its first change since the last flush (absent: not in `rows`). */
  private readonly before = new Map<string, {had: boolean; value: unknown}>()

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
    if (this.rows.has(name) && JSON.stringify(this.rows.get(name)) === JSON.stringify(value)) return
    this.remember(name)
    this.rows.set(name, value)
    this.dirty.set(name, value)
  }

  async delete(name: string): Promise<void> {
    if (!this.rows.has(name)) return
    this.remember(name)
    this.rows.delete(name)
    this.dirty.set(name, undefined)
  }

  private remember(name: string): void {
    if (!this.before.has(name)) this.before.set(name, {had: this.rows.has(name), value: this.rows.get(name)})
  }

  /** A rolled-back sweep's changes: back to what meta still holds. */
  discard(): void {
    for (const [name, b] of this.before) {
      if (b.had) this.rows.set(name, b.value)
      else this.rows.delete(name)
    }
    this.before.clear()
    this.dirty.clear()
  }

  /** Write every change since the last flush, in one transaction. */
  async flush(): Promise<void> {
    if (this.dirty.size === 0) return
    const changes = [...this.dirty]
    this.dirty.clear()
    this.before.clear()
    await this.ctx.db.tx(async () => {
      for (const [name, value] of changes) {
        if (value === undefined) await this.ctx.db.run('DELETE FROM meta WHERE key = ?', GUARD_PREFIX + name)
        else await this.ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          GUARD_PREFIX + name, JSON.stringify(value))
      }
    })
  }
}
