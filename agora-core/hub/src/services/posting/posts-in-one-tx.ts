import type {Ctx} from '../kernel/index.js'
import type {TxScope} from '../../db/port.js'
import type {SpentRecorder} from './post.js'

/**
 * Run several posts in one all-or-nothing transaction (resolve_thread's replies, a group's invites and
 * opening post). When it rolls back, the posts that went through before the refusal roll back with it,
 * and so must what they spent: on PostgreSQL the budget rows are in the same transaction, but the
 * in-memory book's tokens (SQLite) outlive a rollback, so they are given back here. Otherwise a refused
 * request would still cost the seat its posting budget.
 */
export async function postsInOneTx<T>(ctx: Ctx, fn: (spent: SpentRecorder) => Promise<T>, scope?: TxScope): Promise<T> {
  const refunds: Array<() => Promise<void>> = []
  try {
    return await ctx.db.tx(() => fn((refund) => { refunds.push(refund) }), scope)
  } catch (err) {
    if (ctx.budgets.spendsOutliveRollback) for (const refund of refunds) await refund()
    throw err
  }
}
