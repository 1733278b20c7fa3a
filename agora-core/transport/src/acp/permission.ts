import {ACP_EVIDENCE, bareToolName} from '@agora/contract'
import type {PermissionLevel} from '@agora/contract'

/** The slice of `session/request_permission` an answer depends on. */
export interface PermissionAsk {
  /** `titles`: the request's own title and the one the tool call was announced under (agents differ in which names the tool). */
  toolCall: {titles: string[]; kind?: string | null}
  options: Array<{optionId: string; kind: string}>
}

export type PermissionAnswer =
  | {outcome: {outcome: 'selected'; optionId: string}; refused: boolean; kind: string}
  | {outcome: {outcome: 'cancelled'}; refused: true; kind: string}

/** Tool kinds that only look: a read seat may use them. */
const READ_KINDS = ['read', 'search', 'fetch', 'think']

/** Whether the seat's level lets this tool call run. agora's own tools are the seat's voice: always allowed. */
export function allowedAt(level: PermissionLevel, titles: string[], kind: string): boolean {
  if (titles.some((title) => bareToolName(title, ACP_EVIDENCE.toolNamePrefixes) !== null)) return true
  if (READ_KINDS.includes(kind)) return true
  if (level === 'read') return false
  // A mode switch can lift the agent out of the level agora set; only `all` may take it.
  return kind !== 'switch_mode' || level === 'all'
}

/**
 * Answer a permission request from the seat's level, never leaving it pending: the allow option
 * the level prefers (`all` takes allow_always, otherwise allow_once), else a reject option, else
 * the `cancelled` outcome. A refusal is marked so the transport narrates it.
 */
export function answerPermission(level: PermissionLevel, ask: PermissionAsk): PermissionAnswer {
  const kind = ask.toolCall.kind ?? 'other'
  const pick = (...kinds: string[]) => kinds.map((k) => ask.options.find((o) => o.kind === k)).find((o) => o !== undefined)
  if (allowedAt(level, ask.toolCall.titles, kind)) {
    const allow = level === 'all' ? pick('allow_always', 'allow_once') : pick('allow_once', 'allow_always')
    if (allow) return {outcome: {outcome: 'selected', optionId: allow.optionId}, refused: false, kind}
  }
  const reject = pick('reject_once', 'reject_always')
  return reject ? {outcome: {outcome: 'selected', optionId: reject.optionId}, refused: true, kind} : {outcome: {outcome: 'cancelled'}, refused: true, kind}
}
