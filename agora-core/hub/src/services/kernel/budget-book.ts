import {AgoraError} from '@agora/protocol'
import {RateLimited} from '../../errors.js'

/** What a post asks of the budgets, and what it is granted. */
export type Urgency = 'inbox' | 'next_turn' | 'interrupt'
export interface PostSpend {critical: boolean; operator: boolean; urgency: Urgency}
export interface PostGrant {
  urgency: Urgency
  downgraded: boolean
  /** PostgreSQL, a plain post: its token is not taken yet; the post's own append takes it (see DeferredToken). */
  deferred?: DeferredToken
}

/**
 * A post token left for the post's write to take, so a plain post on PostgreSQL spends its budget in
 * the same statement that appends it (db/pg-append.ts: one round trip, not two). `taken` turns true
 * once a committed write spent it; a post refused before that owes nothing back.
 */
export interface DeferredToken {
  agent: string
  burst: number
  perSecond: number
  taken: boolean
  /** Take it now, in the caller's transaction when there is one (taken at its commit), or throw the 429. */
  take(): Promise<void>
  /** The 429 for a token the append found missing (the wait read from the bucket). */
  refusal(): Promise<Error>
}

/**
 * The per-seat budgets as the services use them: in memory for one SQLite process (budgets.ts),
 * in the database for several processes on PostgreSQL (cluster/pg-budgets.ts). Each spend is
 * checked and taken in one step (a refused request gives it back), so concurrent requests from
 * one seat, through one process or several, cannot all pass the last token.
 */
export interface BudgetBook {
  /**
   * True when a spend is not undone by rolling back the caller's transaction (the in-memory book; the
   * PostgreSQL book's spends are rows in that transaction). A caller that rolls back posts which went
   * through gives their spends back itself (posting/posts-in-one-tx.ts).
   */
  readonly spendsOutliveRollback?: boolean
  spendPost(agent: string, spend: PostSpend): Promise<PostGrant>
  refundPost(agent: string, spend: PostSpend, grant: PostGrant): Promise<void>
  spendWrite<T>(agent: string, write: () => Promise<T>): Promise<T>
  spendPosting<T>(agent: string, write: () => Promise<T>): Promise<T>
  refundWriteToken(agent: string): void | Promise<void>
}

/** The refusals of the post budget step, worded once for both books. */
export const refusals = {
  posting: (wait: number) => new RateLimited(`posting rate limit reached; retry in ${Math.max(0.1, wait).toFixed(1)}s`, wait),
  criticalNotOperator: () => new AgoraError(403, 'critical is reserved for operators; use urgency=interrupt for something urgent'),
  critical: (wait: number) => new RateLimited(`critical budget exhausted (5 per hour); retry in ${Math.ceil(wait)}s or use urgency=interrupt`, wait),
  write: (wait: number) => new RateLimited(`write rate limit reached (fs and store writes); retry in ${Math.max(0.1, wait).toFixed(1)}s, or batch changes into fewer writes`, wait),
}
