import {randomUUID} from 'node:crypto'
import type {Storage} from '../db/port.js'
import {Budgets, RateLimited} from '../services/budgets.js'
import type {WriteBudget} from '../services/budgets.js'

/**
 * The per-seat budgets of services/budgets.ts kept in PostgreSQL, so every hub process on one
 * database spends from the same buckets: a seat posting through two processes hits 429 at the
 * same total as through one. Same methods, same numbers, async. A take is one atomic upsert
 * (refill + spend in a statement); the check before the work and the take after it are two
 * statements as in memory, so two posts racing through two processes may both pass the last token.
 */
export class PgBudgets {
  constructor(private readonly db: Storage, private readonly ratePerMinute: number, private readonly now: () => number,
    private readonly write: WriteBudget) {}

  private async wait(kind: string, agent: string, perMinute: number, burst: number): Promise<number> {
    const row = await this.db.get<{tokens: number; at: number}>('SELECT tokens, at FROM budget_buckets WHERE kind = ? AND agent = ?', kind, agent)
    const tokens = row ? Math.min(burst, row.tokens + Math.max(0, this.now() - row.at) * (perMinute / 60)) : burst
    return tokens >= 1 ? 0 : (1 - tokens) / (perMinute / 60)
  }

  private async take(kind: string, agent: string, perMinute: number, burst: number): Promise<void> {
    // PostgreSQL-only SQL (LEAST/GREATEST): this class serves the PostgreSQL adapter alone.
    await this.db.run(`INSERT INTO budget_buckets (kind, agent, tokens, at) VALUES (?, ?, ?, ?)
      ON CONFLICT (kind, agent) DO UPDATE SET
        tokens = LEAST(?, budget_buckets.tokens + GREATEST(0, EXCLUDED.at - budget_buckets.at) * ?) - 1, at = EXCLUDED.at`,
    kind, agent, burst - 1, this.now(), burst, perMinute / 60)
  }

  postingWait(agent: string): Promise<number> {
    return this.wait('post', agent, this.ratePerMinute, Budgets.BURST)
  }

  takePostingToken(agent: string): Promise<void> {
    return this.take('post', agent, this.ratePerMinute, Budgets.BURST)
  }

  async requirePostingToken(agent: string): Promise<void> {
    const wait = await this.postingWait(agent)
    if (wait > 0) throw new RateLimited(`posting rate limit reached; retry in ${Math.max(0.1, wait).toFixed(1)}s`, wait)
  }

  async requireWriteToken(agent: string): Promise<void> {
    const wait = await this.wait('write', agent, this.write.perMinute, this.write.burst)
    if (wait > 0) {
      throw new RateLimited(`write rate limit reached (fs and store writes); retry in ${Math.max(0.1, wait).toFixed(1)}s, or batch changes into fewer writes`, wait)
    }
  }

  takeWriteToken(agent: string): Promise<void> {
    return this.take('write', agent, this.write.perMinute, this.write.burst)
  }

  private async recent(kind: string, agent: string): Promise<number[]> {
    const rows = await this.db.rows('SELECT at FROM budget_spends WHERE kind = ? AND agent = ? AND at > ? ORDER BY at', kind, agent, this.now() - 3600)
    return rows.map(r => r[0] as number)
  }

  private async spend(kind: string, agent: string): Promise<void> {
    const now = this.now()
    await this.db.tx(async () => {
      await this.db.run('DELETE FROM budget_spends WHERE kind = ? AND agent = ? AND at <= ?', kind, agent, now - 3600)
      await this.db.run('INSERT INTO budget_spends (kind, agent, id, at) VALUES (?, ?, ?, ?)', kind, agent, randomUUID(), now)
    })
  }

  async interruptAvailable(agent: string): Promise<boolean> {
    return (await this.recent('interrupt', agent)).length < Budgets.INTERRUPTS_PER_HOUR
  }

  spendInterrupt(agent: string): Promise<void> {
    return this.spend('interrupt', agent)
  }

  async criticalAvailable(agent: string): Promise<boolean> {
    return (await this.recent('critical', agent)).length < Budgets.CRITICALS_PER_HOUR
  }

  /** Seconds until the oldest critical of the last hour leaves the window. */
  async criticalWait(agent: string): Promise<number> {
    const list = await this.recent('critical', agent)
    return list.length < Budgets.CRITICALS_PER_HOUR ? 0 : list[0] + 3600 - this.now()
  }

  spendCritical(agent: string): Promise<void> {
    return this.spend('critical', agent)
  }
}
