import {randomUUID} from 'node:crypto'
import type {Storage} from '../db/port.js'
import {Budgets} from '../services/kernel/index.js'
import type {WriteBudget} from '../services/kernel/index.js'
import type {BudgetBook, DeferredToken, PostGrant, PostSpend} from '../services/kernel/index.js'
import {refusals} from '../services/kernel/index.js'

/**
 * The per-seat budgets of services/kernel/budgets.ts kept in PostgreSQL, so every hub process on one
 * database spends from the same buckets: a seat posting through two processes hits 429 at the
 * same total as through one. Same numbers as in memory. Each check-and-spend is one transaction
 * (under the adapter's write lock), so it is atomic across processes. PostgreSQL-only SQL
 * (LEAST/GREATEST) is fine here: this book serves the PostgreSQL adapter alone.
 */
export class PgBudgets implements BudgetBook {
  constructor(private readonly db: Storage, private readonly ratePerMinute: number, private readonly now: () => number,
    private readonly write: WriteBudget) {}

  private rate(kind: 'post' | 'write'): {perMinute: number; burst: number} {
    return kind === 'post' ? {perMinute: this.ratePerMinute, burst: Budgets.BURST} : this.write
  }

  /** Seconds to wait before a token is available, or 0 when one would be taken now. */
  async wait(kind: 'post' | 'write', agent: string): Promise<number> {
    const {perMinute, burst} = this.rate(kind)
    const row = await this.db.get<{tokens: number; at: number}>('SELECT tokens, at FROM budget_buckets WHERE kind = ? AND agent = ?', kind, agent)
    const tokens = row ? Math.min(burst, row.tokens + Math.max(0, this.now() - row.at) * (perMinute / 60)) : burst
    return tokens >= 1 ? 0 : (1 - tokens) / (perMinute / 60)
  }

  /** Refill and take one token (callers checked `wait` in the same transaction). */
  async take(kind: 'post' | 'write', agent: string): Promise<void> {
    const {perMinute, burst} = this.rate(kind)
    await this.db.run(`INSERT INTO budget_buckets (kind, agent, tokens, at) VALUES (?, ?, ?, ?)
      ON CONFLICT (kind, agent) DO UPDATE SET
        tokens = LEAST(?, budget_buckets.tokens + GREATEST(0, EXCLUDED.at - budget_buckets.at) * ?) - 1, at = EXCLUDED.at`,
    kind, agent, burst - 1, this.now(), burst, perMinute / 60)
  }

  /**
   * Refill and take one token if one is there, in one atomic statement (the upsert holds the
   * bucket's row lock): 0 when taken, else the seconds to wait. One round trip on the hot path.
   */
  async tryTake(kind: 'post' | 'write', agent: string): Promise<number> {
    const {perMinute, burst} = this.rate(kind)
    const refill = 'LEAST(?, budget_buckets.tokens + GREATEST(0, EXCLUDED.at - budget_buckets.at) * ?)'
    const taken = await this.db.get(`INSERT INTO budget_buckets (kind, agent, tokens, at) VALUES (?, ?, ?, ?)
      ON CONFLICT (kind, agent) DO UPDATE SET tokens = ${refill} - 1, at = EXCLUDED.at WHERE ${refill} >= 1 RETURNING tokens`,
    kind, agent, burst - 1, this.now(), burst, perMinute / 60, burst, perMinute / 60)
    return taken ? 0 : Math.max(1e-3, await this.wait(kind, agent))
  }

  async refund(kind: 'post' | 'write', agent: string): Promise<void> {
    await this.db.run('UPDATE budget_buckets SET tokens = LEAST(?, tokens + 1) WHERE kind = ? AND agent = ?', this.rate(kind).burst, kind, agent)
  }

  /** The spends of the last hour, oldest first. */
  async recent(kind: 'interrupt' | 'critical', agent: string): Promise<number[]> {
    const rows = await this.db.rows('SELECT at FROM budget_spends WHERE kind = ? AND agent = ? AND at > ? ORDER BY at', kind, agent, this.now() - 3600)
    return rows.map(r => r[0] as number)
  }

  private async spend(kind: 'interrupt' | 'critical', agent: string): Promise<void> {
    const now = this.now()
    await this.db.run('DELETE FROM budget_spends WHERE kind = ? AND agent = ? AND at <= ?', kind, agent, now - 3600)
    await this.db.run('INSERT INTO budget_spends (kind, agent, id, at) VALUES (?, ?, ?, ?)', kind, agent, randomUUID(), now)
  }

  private async unspend(kind: 'interrupt' | 'critical', agent: string): Promise<void> {
    await this.db.run(`DELETE FROM budget_spends WHERE kind = ? AND agent = ? AND id =
      (SELECT id FROM budget_spends WHERE kind = ? AND agent = ? ORDER BY at DESC LIMIT 1)`, kind, agent, kind, agent)
  }

  async spendPost(agent: string, o: PostSpend): Promise<PostGrant> {
    if (!o.critical && o.urgency !== 'interrupt') {
      // Taken by the post's append (or its transaction), not here: one round trip less per post.
      const {perMinute, burst} = this.rate('post')
      const token: DeferredToken = {
        agent, burst, perSecond: perMinute / 60, taken: false,
        take: async () => {
          const wait = await this.tryTake('post', agent)
          if (wait > 0) throw refusals.posting(wait)
          this.db.defer(() => { token.taken = true }) // at the commit: a rolled-back take gave the token back
        },
        refusal: async () => refusals.posting(Math.max(1e-3, await this.wait('post', agent))),
      }
      return {urgency: o.urgency, downgraded: false, deferred: token}
    }
    return this.db.tx(async () => {
      const wait = await this.wait('post', agent)
      if (wait > 0) throw refusals.posting(wait)
      if (o.critical) {
        if (!o.operator) throw refusals.criticalNotOperator()
        const list = await this.recent('critical', agent)
        const [oldest] = list
        const cw = oldest === undefined || list.length < Budgets.CRITICALS_PER_HOUR ? 0 : oldest + 3600 - this.now()
        if (cw > 0) throw refusals.critical(cw)
      }
      const downgraded = o.urgency === 'interrupt' && (await this.recent('interrupt', agent)).length >= Budgets.INTERRUPTS_PER_HOUR
      const urgency: PostGrant['urgency'] = downgraded ? 'next_turn' : o.urgency
      await this.take('post', agent)
      if (o.critical) await this.spend('critical', agent)
      if (urgency === 'interrupt') await this.spend('interrupt', agent)
      return {urgency, downgraded}
    })
  }

  refundPost(agent: string, o: PostSpend, grant: PostGrant): Promise<void> {
    if (grant.deferred && !grant.deferred.taken) return Promise.resolve() // never spent: nothing to give back
    return this.db.tx(async () => {
      await this.refund('post', agent)
      if (o.critical) await this.unspend('critical', agent)
      if (grant.urgency === 'interrupt') await this.unspend('interrupt', agent)
    })
  }

  private async spendToken<T>(kind: 'post' | 'write', agent: string, work: () => Promise<T>, refuse: (wait: number) => Error): Promise<T> {
    const wait = await this.tryTake(kind, agent)
    if (wait > 0) throw refuse(wait)
    try {
      return await work()
    } catch (err) {
      await this.refund(kind, agent)
      throw err
    }
  }

  spendWrite<T>(agent: string, work: () => Promise<T>): Promise<T> {
    return this.spendToken('write', agent, work, refusals.write)
  }

  spendPosting<T>(agent: string, work: () => Promise<T>): Promise<T> {
    return this.spendToken('post', agent, work, refusals.posting)
  }

  refundWriteToken(agent: string): Promise<void> {
    return this.refund('write', agent)
  }
}
