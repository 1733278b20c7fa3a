import type {Envelope, HubPort, OwedReport} from '../hub-port.js'
import {liveHolder} from '../pidfile.js'
import {DRIVER_FRESH_S, seatFiles} from '../seat-files.js'
import {readLedger, writeLedger} from './ledger.js'
import type {HookLedger} from './ledger.js'
import {receptionText} from './render.js'
import type {ReceptionItem} from './render.js'

export const HOOK_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'] as const
export type HookEventName = (typeof HOOK_EVENTS)[number]

/** Output shapes: `standard` (hookSpecificOutput / decision:block) or `followup` for stop hooks that take {followup_message}. */
export const HOOK_FORMATS = ['standard', 'followup'] as const
export type HookFormat = (typeof HOOK_FORMATS)[number]

export interface HookOptions {
  event: HookEventName
  agentId: string
  home: string
  format: HookFormat
  payload: Record<string, unknown>
}

export interface HookPorts {
  hub: HubPort
  nowS?: () => number
}

export interface HookResult {
  /** The JSON object printed on stdout, or null for silence. */
  output: Record<string, unknown> | null
  /** Why nothing (or something) was said: a guard, a throttle, 'injected' or 'unavailable'. */
  outcome: string
  /** One stderr line when reception was unavailable. */
  warning?: string
}

const PT_FLOOR_S = 20
const PT_RESEND_S = 300
const STOP_FLOOR_S = 60

export async function runHook(options: HookOptions, ports: HookPorts): Promise<HookResult> {
  const nowS = ports.nowS ?? (() => Date.now() / 1000)
  const files = seatFiles(options.home, options.agentId)
  const ledger = readLedger(files.hookState)
  ledger.events[options.event] = nowS()
  writeLedger(files.hookState, ledger)

  if (options.event === 'UserPromptSubmit' && armsKeepalive(options.payload)) {
    ledger.armed_session_id = typeof options.payload.session_id === 'string' ? options.payload.session_id : null
    ledger.armed_at = nowS()
    writeLedger(files.hookState, ledger)
  }
  if (options.event === 'Stop' && ledger.armed_session_id !== null && options.payload.session_id === ledger.armed_session_id) {
    return keepalive(options, ports)
  }
  const guard = guardFor(options, ledger, nowS())
  if (guard) return {output: null, outcome: guard}
  if (liveHolder(files.drivePid, DRIVER_FRESH_S) !== undefined) return {output: null, outcome: 'driver-owns-reception'}

  let owed: OwedReport
  let inbox: Envelope[]
  try {
    ;[owed, inbox] = await Promise.all([ports.hub.owed(), ports.hub.inbox()])
  } catch (error) {
    return {output: null, outcome: 'unavailable', warning: `agora hook ${options.event}: reception unavailable: ${(error as Error).message}`}
  }
  const {asks, fyi, hot} = triage(options.agentId, owed, inbox)
  const signature = asks.map((a) => `${a.channel}#${a.seq}`).sort().join(',')
  const asksOnly = options.event === 'PostToolUse' || options.event === 'Stop'
  if (asksOnly && asks.length === 0) return {output: null, outcome: 'nothing-owed'}
  if (!asksOnly && asks.length === 0 && fyi === 0) return {output: null, outcome: 'nothing-new'}

  const now = nowS()
  if (options.event === 'PostToolUse' && signature === ledger.sig && now - ledger.sent_at < PT_RESEND_S) return {output: null, outcome: 'throttled-resend'}
  if (options.event === 'Stop') {
    const fresh = signature !== ledger.sig
    if (!fresh && !hot && now - ledger.sent_at < STOP_FLOOR_S) return {output: null, outcome: 'throttled-floor'}
    const spent = ledger.blocks[signature] ?? 0
    if (spent >= 2 + (hot ? 1 : 0)) return {output: null, outcome: 'throttled-blocks'}
    ledger.blocks = {[signature]: spent + 1}
  }
  const text = receptionText(options.agentId, asksOnly ? asks : asks, asksOnly ? 0 : fyi)
  ledger.sig = signature
  ledger.sent_at = now
  if (options.event === 'PostToolUse') ledger.pt_at = now
  writeLedger(files.hookState, ledger)
  return {output: shape(options, text), outcome: 'injected'}
}

function guardFor(options: HookOptions, ledger: HookLedger, now: number): string | undefined {
  const {payload} = options
  if (payload.stop_hook_active === true) return 'stop-hook-active'
  if (typeof payload.status === 'string' && payload.status !== 'completed') return 'not-completed'
  if (typeof payload.loop_count === 'number' && payload.loop_count >= 2) return 'loop-limit'
  if (options.event === 'PostToolUse' && now - ledger.pt_at < PT_FLOOR_S) return 'throttled-floor'
  return undefined
}

function shape(options: HookOptions, text: string): Record<string, unknown> {
  if (options.event !== 'Stop') return {hookSpecificOutput: {hookEventName: options.event, additionalContext: text}}
  return options.format === 'followup' ? {followup_message: text} : {decision: 'block', reason: text}
}

/** Unread mail from others becomes an ask when it obliges this seat; owed rows missing from the inbox are added. */
export function triage(me: string, owed: OwedReport, inbox: Envelope[]): {asks: ReceptionItem[]; fyi: number; hot: boolean} {
  const owedIds = new Set((owed.to_answer ?? []).map((row) => row.id))
  const consumeIds = new Set((owed.to_consume ?? []).map((row) => row.answer_id ?? row.id))
  const asks: ReceptionItem[] = []
  const seen = new Set<string>()
  let fyi = 0
  let hot = false
  for (const env of inbox) {
    if (env.sender === me || env.retracted) continue
    const ask = env.status === 'open' || env.status === 'blocked'
    let label: ReceptionItem['label'] | null = null
    if (owedIds.has(env.id) || (ask && (env.to_me || env.from_operator || !env.addressed))) label = 'ASK'
    else if (consumeIds.has(env.id)) label = 'USE'
    else if (env.reply_to_me) label = 'REPLY'
    else if (env.critical || env.escalated || env.to_me) label = 'READ'
    if (!label) {
      fyi++
      continue
    }
    hot ||= Boolean(env.critical || env.escalated)
    seen.add(env.id)
    asks.push({label, channel: env.channel, seq: env.seq, sender: env.sender, title: env.title ?? '', body: typeof env.body === 'string' ? env.body : null, escalated: Boolean(env.escalated), critical: Boolean(env.critical)})
  }
  for (const row of owed.to_answer ?? []) {
    if (seen.has(row.id)) continue
    hot ||= Boolean(row.escalated)
    asks.push({label: 'ASK', channel: row.channel, seq: row.seq, sender: row.sender ?? 'unknown', title: row.title ?? '', body: null, escalated: Boolean(row.escalated), critical: false})
  }
  return {asks, fyi, hot}
}

const KEEPALIVE_PROMPTS = ['start agora protocol', 'resume agora protocol']

/** A session the operator asked to carry the seat's reception loop ("start agora protocol"). */
function armsKeepalive(payload: Record<string, unknown>): boolean {
  const prompt = typeof payload.prompt === 'string' ? payload.prompt.trim().toLowerCase() : ''
  return KEEPALIVE_PROMPTS.some((start) => prompt.startsWith(start))
}

/**
 * The armed session's Stop always blocks, even with the hub down: ending the turn would end the
 * seat's only ear. It carries any owed asks, then tells the session how to continue its loop.
 */
async function keepalive(options: HookOptions, ports: HookPorts): Promise<HookResult> {
  let asks: ReceptionItem[] = []
  let warning: string | undefined
  try {
    const [owed, inbox] = await Promise.all([ports.hub.owed(), ports.hub.inbox()])
    asks = triage(options.agentId, owed, inbox).asks
  } catch (error) {
    warning = `agora hook ${options.event}: reception unavailable: ${(error as Error).message}`
  }
  const loop = `AGORA KEEPALIVE — this session carries the reception loop of seat ${options.agentId}. Settle what you just did; if you own a continuable claim (see the board), take one slice of it; then call wait_for_messages(45) again. Do not end the loop.`
  const text = asks.length > 0 ? `${receptionText(options.agentId, asks, 0)}\n\n${loop}` : loop
  return {output: shape(options, text), outcome: 'keepalive', warning}
}
