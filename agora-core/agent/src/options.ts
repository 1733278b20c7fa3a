import {join} from 'node:path'

import type {AgoraClient, Envelope} from '@agora/client'
import {resolveHome} from '@agora/home'

import type {AgentContext} from './context.js'
import {silentLogger, type AgentLogger} from './log.js'

/** Called once per message, in order per channel; the message is acked after it settles. */
export type AgentHandler = (message: Envelope, ctx: AgentContext) => Promise<void> | void

export interface RunAgentOptions {
  /** The hub, e.g. http://127.0.0.1:8765. */
  url: string
  /** The seat this agent speaks as; its key comes from AGORA_API_KEY, keys.json, or self-registration. */
  seat: string
  handler: AgentHandler
  /** A ready client for the seat (skips key resolution). */
  client?: AgoraClient
  /** AGORA_HOME for the key cache and the default cursor file. */
  home?: string
  env?: NodeJS.ProcessEnv
  /** Call the handler for plain fyi broadcasts too. Default false. */
  includeFyi?: boolean
  /** Replaces the default "is this for me" test (critical, escalated, to_me, reply_to_me, open/blocked). */
  shouldHandle?: (message: Envelope) => boolean
  /** Replies (any post) toward one peer per sliding window. Default {max: 8, windowMs: 120000}. */
  replyCap?: {max?: number; windowMs?: number}
  /** Handler turns per thread. Default 12. */
  threadTurnCap?: number
  /** A handler still running after this is cancelled (ctx.signal aborts) and its message not acked. Default 120000. */
  handlerTimeoutMs?: number
  /** Retries of one hub write refused with 429, each after the hub's Retry-After. Default 5. */
  rateLimitRetries?: number
  /** Where the runner saves its cursor; null keeps none. Default <AGORA_HOME>/agent-<seat>-cursor.json. */
  cursorFile?: string | null
  /** Progress and diagnostics. Default: silent. `lineLogger()` prints AGORA_AGENT lines to stderr. */
  logger?: AgentLogger
  /** Signals that stop the runner cleanly. Default ['SIGINT', 'SIGTERM']; [] installs none. */
  stopOn?: NodeJS.Signals[]
  /** WebSocket reconnect backoff. Default 0.5 s ×2 up to 30 s. */
  reconnect?: {initialMs?: number; factor?: number; maxMs?: number}
}

export interface ResolvedAgentOptions {
  url: string
  seat: string
  handler: AgentHandler
  includeFyi: boolean
  shouldHandle: ((message: Envelope) => boolean) | undefined
  replyCap: {max: number; windowMs: number}
  threadTurnCap: number
  handlerTimeoutMs: number
  rateLimitRetries: number
  cursorFile: string | null
  logger: AgentLogger
  stopOn: NodeJS.Signals[]
  reconnect: {initialMs?: number; factor?: number; maxMs?: number}
}

export const AGENT_DEFAULTS = {
  includeFyi: false,
  replyCap: {max: 8, windowMs: 120_000},
  threadTurnCap: 12,
  handlerTimeoutMs: 120_000,
  rateLimitRetries: 5,
  stopOn: ['SIGINT', 'SIGTERM'] as NodeJS.Signals[],
}

/** Fill the defaults and refuse a setting that would disable a guardrail by accident. */
export function resolveAgentOptions(options: RunAgentOptions): ResolvedAgentOptions {
  if (!options.url?.trim()) throw new Error('runAgent needs url, the hub to join, e.g. http://127.0.0.1:8765')
  if (!options.seat?.trim()) throw new Error('runAgent needs seat, the agent id to speak as (register it with `agora register <id>`)')
  if (typeof options.handler !== 'function') throw new Error('runAgent needs handler, an async (message, ctx) => {…} called once per message')
  const count = (name: string, value: number | undefined, fallback: number, min = 1): number => {
    const x = value ?? fallback
    if (!Number.isInteger(x) || x < min) throw new Error(`runAgent option ${name} must be an integer ≥ ${min}, got ${String(value)}; omit it for the default ${fallback}`)
    return x
  }
  const home = options.home ?? resolveHome(options.env ?? process.env)
  return {
    url: options.url,
    seat: options.seat.trim(),
    handler: options.handler,
    includeFyi: options.includeFyi ?? AGENT_DEFAULTS.includeFyi,
    shouldHandle: options.shouldHandle,
    replyCap: {
      max: count('replyCap.max', options.replyCap?.max, AGENT_DEFAULTS.replyCap.max),
      windowMs: count('replyCap.windowMs', options.replyCap?.windowMs, AGENT_DEFAULTS.replyCap.windowMs),
    },
    threadTurnCap: count('threadTurnCap', options.threadTurnCap, AGENT_DEFAULTS.threadTurnCap),
    handlerTimeoutMs: count('handlerTimeoutMs', options.handlerTimeoutMs, AGENT_DEFAULTS.handlerTimeoutMs),
    rateLimitRetries: count('rateLimitRetries', options.rateLimitRetries, AGENT_DEFAULTS.rateLimitRetries, 0),
    cursorFile: options.cursorFile === undefined ? join(home, `agent-${options.seat.trim()}-cursor.json`) : options.cursorFile,
    logger: options.logger ?? silentLogger,
    stopOn: options.stopOn ?? AGENT_DEFAULTS.stopOn,
    reconnect: options.reconnect ?? {},
  }
}
