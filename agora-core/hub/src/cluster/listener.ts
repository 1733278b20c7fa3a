import type pg from 'pg'
import {EVENTS} from './triggers.js'

/** What another hub process committed, as its triggers announced it (triggers.ts). */
export type ClusterEvent =
  | {k: 'm'; o: string; id: string; c: string; s: number}
  | {k: 'cache'; o: string}
  | {k: 'meta'; o: string; c: string}
  | {k: 'sever'; o: string; a: string}
  | {k: 'presence'; o: string}
  | {k: 'embedding'; o: string}
  | {k: 'barrier'; o: string; t: string}

/** One message row another process inserted or retracted. */
export interface MessageEvent {
  id: string
  channel: string
  seq: number
}

/** At most this many message events are handed over (and read back) at once. */
export const MESSAGE_BATCH = 500

export interface ClusterHandlers {
  /**
   * Message rows were inserted or retracted elsewhere, in commit order: read them and publish them
   * in-process. Events that arrive while earlier ones are handled come as one batch (one query).
   */
  messages(events: MessageEvent[]): Promise<void>
  /** Agents, channels, members, pauses or blocks changed elsewhere: reload the in-memory mirrors. */
  cache(): Promise<void>
  meta(channel: string): void
  sever(agent: string): void
  /** Another process's seats connected, disconnected or declared a state: re-read shared presence (not awaited). */
  presence(): void
  /** The semantic-search endpoint was set or removed elsewhere: start or stop this process's embedder (not awaited). */
  embedding(): void
  /**
   * The connection was lost and re-made, or handling an event failed (a query refused while the server
   * restarts): events in between are unknown or lost, catch up from the database.
   */
  resync(): Promise<void>
}

export interface Listener {
  /** Resolves once every event received so far has been handled (tests and shutdown). */
  settled(): Promise<void>
  /**
   * Resolves once every change committed by any process before this call has been handled here
   * (a NOTIFY this process sends itself comes back after them: notifications arrive in commit
   * order). Calls while one is on its way wait for the next one. Gives up after `timeoutMs`.
   */
  catchUp(timeoutMs?: number): Promise<void>
  /** How many mirror events (agents, channels, members, pauses, blocks, channel meta, embedding) were handled so far. */
  mirrorChanges(): number
  stop(): Promise<void>
}

/**
 * LISTEN on one dedicated connection; events are handled one at a time in arrival (= commit)
 * order, so a process publishes other processes' posts in the order they were committed. A lost
 * connection is re-made with backoff, then `resync` replays what may have been missed.
 */
/** How often the event connection is proved alive, and how long its answer may take before it is re-made. */
export interface LivenessOptions {pingMs: number; timeoutMs: number}
export const EVENT_LIVENESS: LivenessOptions = {pingMs: 10_000, timeoutMs: 5_000}

export async function startListener(connect: () => Promise<pg.Client>, origin: string, on: ClusterHandlers,
  log: (line: string) => void = line => process.stderr.write(`${line}\n`), liveness: LivenessOptions = EVENT_LIVENESS): Promise<Listener> {
  let client: pg.Client | null = null
  let stopped = false
  let chain: Promise<void> = Promise.resolve()
  let mirrorChanges = 0
  const barriers = new Map<string, () => void>()
  let barrierCount = 0
  // Events not yet handled, in arrival order. A run of message events is taken as one batch; any
  // other event is a barrier, so a cache reload never overtakes a message committed before it.
  const pending: ClusterEvent[] = []
  const handleNext = (): Promise<void> => {
    const first = pending.shift()
    if (!first) return Promise.resolve()
    if (first.k === 'm') {
      const batch: MessageEvent[] = [{id: first.id, channel: first.c, seq: first.s}]
      while (batch.length < MESSAGE_BATCH && pending[0]?.k === 'm') {
        const ev = pending.shift() as Extract<ClusterEvent, {k: 'm'}>
        batch.push({id: ev.id, channel: ev.c, seq: ev.s})
      }
      return on.messages(batch)
    }
    // Counted once applied: a request that ran while a reload was still reading saw the old mirrors.
    if (first.k === 'cache') return on.cache().then(() => { mirrorChanges++ })
    if (first.k === 'meta') on.meta(first.c)
    else if (first.k === 'sever') on.sever(first.a)
    else if (first.k === 'presence') on.presence()
    else if (first.k === 'embedding') on.embedding()
    if (first.k !== 'presence') mirrorChanges++
    return Promise.resolve()
  }
  // A failed job (its query refused while the server restarts, say) is not dropped: a resync reads from
  // the database what it would have applied, retried with backoff until it succeeds.
  let repairing = false
  const repair = (delay: number): void => {
    if (stopped) return
    chain = chain.then(() => on.resync()).then(() => {
      repairing = false
      mirrorChanges++
    }, (err: Error) => {
      log(`agora hub: catching up after a failed cluster event failed too: ${err.message}; retrying in ${delay} ms`)
      setTimeout(() => repair(Math.min(delay * 2, 5000)), delay).unref()
    })
  }
  const enqueue = (job: () => Promise<void>): void => {
    chain = chain.then(job).catch((err: Error) => {
      log(`agora hub: a cluster event failed: ${err.message}; catching up from the database`)
      if (repairing) return
      repairing = true
      repair(100)
    })
  }
  // One job per event keeps `settled` exact; a job finds its event already taken by an earlier batch and returns.
  const take = (ev: ClusterEvent): void => {
    pending.push(ev)
    enqueue(handleNext)
  }
  const attach = async (): Promise<void> => {
    const c = await connect()
    c.on('notification', n => {
      if (n.channel !== EVENTS || !n.payload) return
      let ev: ClusterEvent
      try { ev = JSON.parse(n.payload) as ClusterEvent } catch { return }
      if (ev.k === 'barrier') {
        // Handled after every event that arrived before it; another process's barriers are not ours to answer.
        const reached = ev.o === origin ? barriers.get(ev.t) : undefined
        if (reached) enqueue(async () => reached())
        return
      }
      if (ev.o === origin) return // this process already published it
      take(ev)
    })
    c.on('error', () => { /* 'end' follows and reconnects */ })
    c.on('end', () => {
      if (stopped) return
      client = null
      log('agora hub: lost the PostgreSQL event connection; reconnecting')
      void reconnect()
    })
    await c.query(`LISTEN ${EVENTS}`)
    client = c
  }
  const reconnect = async (): Promise<void> => {
    for (let delay = 100; !stopped; delay = Math.min(delay * 2, 5000)) {
      try {
        await attach()
        enqueue(async () => {
          await on.resync()
          mirrorChanges++
        })
        return
      } catch {
        await new Promise(r => setTimeout(r, delay))
      }
    }
  }
  await attach()
  // A connection that went silent without closing (a server host lost, a failover, a stopped backend) would
  // deliver no event and never end: a periodic query that does not answer in time re-makes it, then resyncs.
  let pinging = false
  const ping = setInterval(() => {
    const c = client
    if (!c || pinging || stopped) return
    pinging = true
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>(resolve => { timer = setTimeout(() => resolve('late'), liveness.timeoutMs) })
    void Promise.race([c.query('SELECT 1').then(() => 'ok' as const, () => 'failed' as const), late]).then(outcome => {
      clearTimeout(timer)
      pinging = false
      if (outcome !== 'late' || client !== c) return
      log(`agora hub: the PostgreSQL event connection did not answer in ${liveness.timeoutMs} ms; re-making it`)
      void c.end().catch(() => undefined) // a query in flight: pg destroys the socket, and 'end' reconnects
    })
  }, liveness.pingMs)
  ping.unref()
  const barrier = async (timeoutMs: number): Promise<void> => {
    const c = client
    if (!c) return // reconnecting: resync replays what was missed
    const t = `${++barrierCount}`
    let timer: NodeJS.Timeout | undefined
    const reached = new Promise<void>(resolve => {
      barriers.set(t, resolve)
      timer = setTimeout(resolve, timeoutMs)
    })
    try {
      await c.query('SELECT pg_notify($1, $2)', [EVENTS, JSON.stringify({k: 'barrier', o: origin, t})])
      await reached
    } catch {
      // the connection dropped: the caller goes on with what it has
    } finally {
      clearTimeout(timer)
      barriers.delete(t)
    }
  }
  let inFlight: Promise<void> | null = null
  let next: Promise<void> | null = null
  const catchUp = (timeoutMs = 2000): Promise<void> => {
    if (!inFlight) {
      inFlight = barrier(timeoutMs).finally(() => { inFlight = null })
      return inFlight
    }
    // The barrier on its way may have been sent before the caller's change committed: wait for the next one.
    next ??= inFlight.then(() => {
      next = null
      return catchUp(timeoutMs)
    })
    return next
  }
  return {
    catchUp,
    mirrorChanges: () => mirrorChanges,
    settled: async () => {
      let seen: Promise<void>
      do { seen = chain; await seen } while (seen !== chain)
    },
    async stop() {
      stopped = true
      clearInterval(ping)
      const c = client
      client = null
      await c?.end().catch(() => undefined)
      await chain
    },
  }
}
