import {existsSync, readFileSync} from 'node:fs'

import {ExitCode} from '@agora/command'
import type {ExitCodeValue} from '@agora/command'
import {writeSecureFile} from '@agora/home'

import type {HubPort, OwedReport} from '../hub-port.js'
import {acquireLock, liveHolder, removeIfOurs, touch, writePidFile} from '../pidfile.js'
import {DRIVER_FRESH_S, seatFiles} from '../seat-files.js'
import type {NotifyEvent} from './notify-line.js'
import {isHubNotice, isPersonal, qualifies} from './notify-line.js'
import {backlogLine, listenLine, owedSignature, wakeLine} from './sentinel.js'
import type {EventSource} from './source.js'
import {fileSource} from './source.js'
import {adaptiveWindow, ADAPTIVE_DEFAULT_CAP_S, recordAdaptive} from './adaptive.js'
import {digestText} from './digest.js'

export type ListenSource = 'auto' | 'file' | 'ws'

export interface ListenOptions {
  agentId: string
  url: string
  home: string
  source: ListenSource
  once: boolean
  importantOnly: boolean
  /** Seconds before a quiet exit (0 code); null waits forever. */
  maxWaitS: number | null
  debounceS: number
  heartbeatS: number
  /** Explicit lock path; persistent listeners lock by default, `--once` only when given. */
  lock?: string
  /** `--adaptive` (with --once): the wait window comes from listen-<id>.backoff, capped by maxWaitS (default 1200). */
  adaptive?: boolean
  /** Embedded in `agora drive`: no driver guard, lock, pidfile or heartbeat lines; batch class in the code. */
  driverCall?: boolean
}

export interface ListenPorts {
  out(line: string): void
  err(line: string): void
  /** Null when no key is cached: the backlog check and owed suffix are skipped. */
  hub: HubPort | null
  /** Opens the socket source; absent means ws mode is unavailable. */
  openWs?: (options: ListenOptions) => Promise<EventSource>
  /** Abort = a signal: the listener writes its tombstone and exits 0. */
  signal?: AbortSignal
  onHeartbeat?: () => void
  now?: () => number
}

export type ListenReason =
  | 'wake' | 'backlog' | 'timeout' | 'signal' | 'already-armed' | 'driver-owns-reception' | 'no-notify-file' | 'hub-unreachable' | 'error'

export interface ListenResult {
  /** Wake or Ok (quiet); driver calls also get WakeRoom (broadcast-only batch) and WakeNothingOwed (a batch that obliges nothing). */
  code: ExitCodeValue
  reason: ListenReason
  events: NotifyEvent[]
  owed?: OwedReport
}

const isLoopback = (url: string): boolean => {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
    return host === 'localhost' || host === '::1' || host.startsWith('127.')
  } catch {
    return false
  }
}

/** Thrown before anything is touched when options contradict each other. */
export class ListenRefusal extends Error {}

export async function runListen(options: ListenOptions, ports: ListenPorts): Promise<ListenResult> {
  if (!options.adaptive) return listenOnce(options, ports)
  if (!options.once || options.driverCall) {
    throw new ListenRefusal('--adaptive grows the wait window between --once runs; a persistent listener has no window to adapt — add --once, or drop --adaptive and set --max-wait')
  }
  const path = seatFiles(options.home, options.agentId).listenBackoff
  const cap = options.maxWaitS ?? ADAPTIVE_DEFAULT_CAP_S
  const window = adaptiveWindow(path, cap)
  const result = await listenOnce({...options, maxWaitS: window}, ports)
  if (result.reason === 'timeout') recordAdaptive(path, 'timeout', window, cap)
  else if (result.reason === 'wake' || result.reason === 'backlog') recordAdaptive(path, 'wake', window, cap)
  return result
}

async function listenOnce(options: ListenOptions, ports: ListenPorts): Promise<ListenResult> {
  const files = seatFiles(options.home, options.agentId)
  const now = ports.now ?? Date.now
  const end = (code: ExitCodeValue, reason: ListenReason, extra: Partial<ListenResult> = {}): ListenResult => {
    if (reason !== 'wake' && reason !== 'backlog' && reason !== 'timeout') ports.out(listenLine('ended', {reason}))
    return {code, reason, events: [], ...extra}
  }

  if (!options.driverCall && liveHolder(files.drivePid, DRIVER_FRESH_S, now()) !== undefined) {
    ports.err(`agora listen: a live \`agora drive\` owns reception for ${options.agentId} (${files.drivePid}); not arming a second ear`)
    return end(ExitCode.Ok, 'driver-owns-reception')
  }

  const wantFile = options.source === 'file' || (options.source === 'auto' && isLoopback(options.url) && existsSync(files.notify))
  if (options.source === 'file' && !existsSync(files.notify)) {
    ports.err(`agora listen: no notify file at ${files.notify}; the hub writes it on the first message to ${options.agentId} (or use --source ws)`)
    return end(ExitCode.Failed, 'no-notify-file')
  }
  if (!wantFile && !ports.openWs) {
    ports.err('agora listen: no notify file here and no socket source available; run the hub on this machine or use --source file')
    return end(ExitCode.Failed, 'no-notify-file')
  }

  const lockPath = options.driverCall ? undefined : (options.lock ?? (options.once ? undefined : files.listenLock))
  if (lockPath) {
    const lock = acquireLock(lockPath)
    if (!lock.ok) {
      ports.err(`agora listen: already armed for ${options.agentId} by pid ${lock.holder} (${lockPath})`)
      return end(ExitCode.Ok, 'already-armed')
    }
  }
  if (!options.driverCall) writePidFile(files.listenPid)
  let source: EventSource | undefined
  try {
    if (options.once && ports.hub) {
      const backlog = await checkBacklog(ports.hub, files.listenOwedsig, now())
      if (backlog) {
        ports.out(backlogLine(options.agentId, backlog, now()))
        if (!options.driverCall) ports.err(digestText(options.agentId, [], backlog))
        return {code: ExitCode.Wake, reason: 'backlog', events: [], owed: backlog}
      }
    }
    if (wantFile) source = fileSource({path: files.notify, offsetPath: files.listenOffset, resume: options.once, warn: ports.err})
    else {
      try {
        source = await ports.openWs!(options)
      } catch (error) {
        const status = (error as {status?: number}).status
        if (status === 401 || status === 403) {
          ports.err(`agora listen: the hub refused ${options.agentId}'s key (${status}); fix ${options.home}/keys.json (re-run \`agora setup ${options.agentId}\` or pipe the key into \`agora seed-key ${options.agentId}\`)`)
          return end(ExitCode.Failed, 'error')
        }
        ports.err(`agora listen: ${(error as Error).message}`)
        return end(ExitCode.Ok, 'hub-unreachable')
      }
    }
    return await loop(options, ports, source, files.listenOwedsig, files.listenPid)
  } finally {
    source?.checkpoint()
    source?.close()
    if (lockPath) removeIfOurs(lockPath)
    if (!options.driverCall) removeIfOurs(files.listenPid)
  }
}

/** `GET /owed` marked as a reception heartbeat; returns the report when its signature is new. */
async function checkBacklog(hub: HubPort, sigPath: string, nowMs: number): Promise<OwedReport | undefined> {
  let owed: OwedReport
  try {
    owed = await hub.owed({reception: true})
  } catch {
    return undefined
  }
  const signature = owedSignature(owed, nowMs)
  const previous = existsSync(sigPath) ? readFileSync(sigPath, 'utf8').trim() : ''
  if (signature === previous) return undefined
  writeSecureFile(sigPath, signature + '\n')
  return signature === '' ? undefined : owed
}

async function loop(options: ListenOptions, ports: ListenPorts, source: EventSource, sigPath: string, pidPath: string): Promise<ListenResult> {
  const now = ports.now ?? Date.now
  const start = now()
  const deadline = options.maxWaitS === null ? Infinity : start + options.maxWaitS * 1000
  const armed: Record<string, string | number> = {source: source.kind, agent: options.agentId, hub: options.url}
  if (options.maxWaitS !== null) armed.window = Math.round(options.maxWaitS)
  ports.out(listenLine('armed', armed))
  if (!options.once && !options.driverCall) {
    ports.err(`agora listen: armed for ${options.agentId}; only a shell that watches this output for lines starting with the wake sentinel is woken`)
  }
  let nextBeat = start + options.heartbeatS * 1000
  let batch: NotifyEvent[] = []
  let windowEnd: number | null = null
  for (;;) {
    if (ports.signal?.aborted) {
      ports.out(listenLine('ended', {reason: 'signal'}))
      return {code: ExitCode.Ok, reason: 'signal', events: batch}
    }
    const t = now()
    if (windowEnd !== null && t >= windowEnd) {
      const result = await deliver(options, ports, batch, sigPath)
      if (options.once) return result
      batch = []
      windowEnd = null
      continue
    }
    if (windowEnd === null && t >= deadline) return {code: ExitCode.Ok, reason: 'timeout', events: []}
    if (t >= nextBeat) {
      nextBeat = t + options.heartbeatS * 1000
      if (!options.driverCall) {
        ports.out(listenLine('heartbeat', {ts: Math.floor(t / 1000)}))
        touch(pidPath)
      }
      source.checkpoint()
      ports.onHeartbeat?.()
    }
    // bounded so a signal is noticed within half a second whatever the source
    const wait = Math.max(0, Math.min(windowEnd ?? deadline, deadline, nextBeat, t + 500) - t)
    for (const event of await source.next(windowEnd !== null ? Math.min(wait, windowEnd - t) : wait)) {
      if (windowEnd !== null) {
        if (qualifies(event, options.agentId, options.importantOnly) || isHubNotice(event)) batch.push(event)
      } else if (qualifies(event, options.agentId, options.importantOnly)) {
        batch.push(event)
        windowEnd = now() + options.debounceS * 1000
      } else if (isHubNotice(event)) batch.push(event)
    }
    if (windowEnd === null && batch.length > 10) batch = batch.slice(-10)
  }
}

async function deliver(options: ListenOptions, ports: ListenPorts, batch: NotifyEvent[], sigPath: string): Promise<ListenResult> {
  const now = ports.now ?? Date.now
  let owed: OwedReport | undefined
  try {
    owed = ports.hub ? await ports.hub.owed() : undefined
  } catch {
    owed = undefined
  }
  ports.out(wakeLine(options.agentId, batch, owed, now()))
  if (options.once && !options.driverCall) ports.err(digestText(options.agentId, batch, owed))
  if (owed && options.once) writeSecureFile(sigPath, owedSignature(owed, now()) + '\n')
  return {code: options.driverCall ? batchClass(batch, owed) : ExitCode.Wake, reason: 'wake', events: batch, owed}
}

/** Driver-only: 2 when the batch obliges this seat, 5 when it provably obliges nothing, 4 for a room-wide broadcast. */
export function batchClass(batch: NotifyEvent[], owed: OwedReport | undefined): ExitCodeValue {
  const debt = owed ? (owed.to_answer?.length ?? 0) + (owed.to_consume?.length ?? 0) : 0
  if (debt > 0 || batch.some(isPersonal)) return ExitCode.Wake
  const roomAsk = batch.some((event) => event.status === 'open' || event.status === 'blocked')
  if (owed && !roomAsk) return ExitCode.WakeNothingOwed
  return ExitCode.WakeRoom
}
