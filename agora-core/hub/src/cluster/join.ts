import type {Ctx} from '../services/kernel/index.js'
import type {OpenedStorage} from '../db/open-storage.js'
import {attachCluster, isSweepLeader} from './attach.js'
import type {Attached} from './attach.js'
import {PgBudgets} from './pg-budgets.js'

/**
 * On PostgreSQL, make this process one of several on the database: budgets move to the database,
 * other processes' commits reach this one (attach.ts), sweeps run where the sweep lock is held.
 * On SQLite (one process) nothing changes and this returns null.
 */
export async function joinCluster(ctx: Ctx, db: OpenedStorage, presenceBeatMs?: number): Promise<Attached | null> {
  if (!db.pg) return null
  ctx.budgets = new PgBudgets(ctx.db, ctx.opts.ratePerMinute, ctx.now, {perMinute: ctx.opts.writeRatePerMinute, burst: ctx.opts.writeBurst})
  return attachCluster(ctx, db.pg, presenceBeatMs)
}

/** Run a timed sweep only on the sweep leader (always on SQLite); resolves to undefined elsewhere. */
export async function onLeader<T>(ctx: Ctx, sweep: () => Promise<T>): Promise<T | undefined> {
  return (await isSweepLeader(ctx)) ? sweep() : undefined
}
