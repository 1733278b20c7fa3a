import type {Ctx} from '../services/kernel/index.js'
import type {Storage} from '../db/port.js'
import type {OpenedPg} from '../db/open-pg.js'
import {fromRow, jsonValues, selectMessages} from '../services/messages/index.js'
import {startListener} from './listener.js'
import type {Listener} from './listener.js'
import {SweepLeader} from './leader.js'
import {PublishedSeqs} from './published.js'
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
  // What this process has published, its own commits included, so a catch-up replays exactly the holes.
  const published = new PublishedSeqs()
  const offBus = ctx.bus.on((m, elsewhere) => { if (!elsewhere) published.add(m.channel, m.seq) })
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
      // Counted as published only once read and published: a failed read leaves the hole for the catch-up.
      const rows = await selectMessages(ctx, `FROM messages WHERE id IN (${jsonValues(ctx)})`, JSON.stringify(events.map(e => e.id)))
      const byId = new Map(rows.map(m => [m.id, m]))
      for (const {id} of events) {
        const m = byId.get(id)
        if (!m) continue
        ctx.bus.publish(m, true)
        published.add(m.channel, m.seq)
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
      presence.resynced()
      await syncEmbedder(ctx)
      // Every channel, also one created while events were missed; only the seqs this process has not published.
      for (const [channel, newest] of await ctx.db.rows('SELECT channel, MAX(seq) FROM messages GROUP BY channel')) {
        const name = channel as string
        if (Number(newest) <= published.prefix(name)) continue
        const rows = await ctx.db.all<Record<string, unknown>>('SELECT * FROM messages WHERE channel = ? AND seq > ? ORDER BY seq', name, published.prefix(name))
        for (const r of rows) {
          const m = fromRow(r)
          if (published.has(m.channel, m.seq)) continue
          ctx.bus.publish(m, true)
          published.add(m.channel, m.seq)
        }
      }
    },
  })
  // Read once LISTEN is on, so a commit between this read and the first event cannot fall in between:
  // before it, this process has no subscribers yet; after it, the commit's event arrives.
  for (const [channel, seq] of await ctx.db.rows('SELECT channel, MAX(seq) FROM messages GROUP BY channel')) published.start(channel as string, seq as number)
  listeners.set(ctx.db, listener)
  // Shared before the first socket connects (the hub listens after joining), so no seat goes unrecorded.
  ctx.presence.share = presence
  await presence.start()
  return {
    listener,
    presence,
    async stop() {
      await presence.stop()
      offBus()
      await listener.stop()
      await leader.stop()
      leaders.delete(ctx.db)
      listeners.delete(ctx.db)
    },
  }
}
