import type {Ctx} from '../services/kernel/index.js'
import type {Storage} from '../db/port.js'
import type {OpenedPg} from '../db/open-pg.js'
import {fromRow, jsonValues, selectMessages} from '../services/messages/index.js'
import {startListener} from './listener.js'
import type {Listener} from './listener.js'
import {SweepLeader} from './leader.js'
import {PgPresence, PRESENCE_BEAT_MS} from './pg-presence.js'
import {registerHubBlockMirror} from '../db/pg-hub-blocks.js'
import {syncEmbedder} from '../services/search/index.js'

const leaders = new WeakMap<Storage, SweepLeader>()
const listeners = new WeakMap<Storage, Listener>()

/**
 * On PostgreSQL, what a request refused on this process's mirrors needs to try once more: how
 * many mirror changes from other processes were applied so far, and a way to apply every one
 * committed before now (listener.ts catchUp). Undefined on SQLite: one process, mirrors always current.
 */
export function mirrorFreshness(ctx: {db: Storage}): Pick<Listener, 'catchUp' | 'mirrorChanges'> | undefined {
  return listeners.get(ctx.db)
}

/**
 * True when this process runs the timed sweeps (votes, dark watchdog, …): always on SQLite (one
 * process), and on PostgreSQL only in the process holding the sweep lock (leader.ts), so every
 * sweep fires once however many processes serve the database.
 */
export async function isSweepLeader(ctx: {db: Storage}): Promise<boolean> {
  const leader = leaders.get(ctx.db)
  return leader ? leader.isLeader() : true
}

export interface Attached {
  listener: Listener
  presence: PgPresence
  stop(): Promise<void>
}

/**
 * Join this process to the others on one PostgreSQL database: their committed posts and
 * retractions are read and published to this process's WS subscribers and long-poll waiters,
 * their membership/agent/channel/pause changes reload this process's mirrors, their hub blocks
 * cut this process's sockets, their seats count in this process's presence (pg-presence.ts); and
 * sweeps run only where the sweep lock is held.
 */
export async function attachCluster(ctx: Ctx, pg: OpenedPg, presenceBeatMs = PRESENCE_BEAT_MS): Promise<Attached> {
  const leader = new SweepLeader(() => pg.dedicated())
  leaders.set(ctx.db, leader)
  // The newest seq this process knows per channel, so a re-made connection replays what it missed.
  const known = new Map<string, number>()
  for (const [channel, seq] of await ctx.db.rows('SELECT channel, MAX(seq) FROM messages GROUP BY channel')) known.set(channel as string, seq as number)
  // Hub blocks read from memory; another process's block change arrives as a cache event (below).
  const hubBlocks = registerHubBlockMirror(ctx.db)
  // Every handler that drops or replaces in-memory state an answer is computed from bumps Cache.generation
  // after doing so: an answer kept under the snapshot of another process's commit, but computed before its
  // event arrived here (with the old mirrors), is then never served again (obligations/answer-memo.ts).
  const reload = async (): Promise<void> => {
    hubBlocks.invalidate()
    await ctx.cache.load()
    ctx.metaCache.clear()
    ctx.pauseCache = null
    ctx.cache.touch()
  }
  const presence = new PgPresence(ctx, pg.knex, pg.origin, presenceBeatMs)
  const listener = await startListener(() => pg.dedicated(), pg.origin, {
    async messages(events) {
      for (const {channel, seq} of events) known.set(channel, Math.max(known.get(channel) ?? 0, seq))
      const rows = await selectMessages(ctx, `FROM messages WHERE id IN (${jsonValues(ctx)})`, JSON.stringify(events.map(e => e.id)))
      const byId = new Map(rows.map(m => [m.id, m]))
      for (const {id} of events) {
        const m = byId.get(id)
        if (m) ctx.bus.publish(m, true)
      }
    },
    cache: reload,
    meta(channel) {
      ctx.metaCache.delete(channel)
      ctx.cache.touch()
    },
    sever(agent) { ctx.bus.sever(agent) },
    presence() { void presence.reload() },
    embedding() { syncEmbedder(ctx).catch((err: Error) => process.stderr.write(`agora hub: following the embedding endpoint failed: ${err.message}\n`)) },
    async resync() {
      await reload()
      void presence.reload()
      await syncEmbedder(ctx)
      for (const [channel, after] of known) {
        const rows = await ctx.db.all<Record<string, unknown>>('SELECT * FROM messages WHERE channel = ? AND seq > ? ORDER BY seq', channel, after)
        for (const r of rows) {
          const m = fromRow(r)
          known.set(channel, m.seq)
          ctx.bus.publish(m, true)
        }
      }
    },
  })
  listeners.set(ctx.db, listener)
  // Shared before the first socket connects (the hub listens after joining), so no seat goes unrecorded.
  ctx.presence.share = presence
  await presence.start()
  return {
    listener,
    presence,
    async stop() {
      await presence.stop()
      await listener.stop()
      await leader.stop()
      leaders.delete(ctx.db)
      listeners.delete(ctx.db)
    },
  }
}
