import {DEFAULT_PERMISSION_LEVEL, HARD_ITEMS} from './vocabulary.js'
import type {Knob, PermissionLevel} from './vocabulary.js'
import type {HarnessDeclaration} from './declaration.js'

/** What an operator asked of one driven seat, before any harness default is applied. */
export interface DriveRequest {
  model?: string | null
  provider?: string | null
  reasoning?: string | null
  permissions?: PermissionLevel | null
  /** `--harness-arg K=V` pairs, in operator order. */
  harnessArgs?: Array<[string, string]>
}

/** The operator flag behind each knob, as refusals name it. */
export const KNOB_FLAGS: Record<Knob, string> = {
  model: '--model',
  provider: '--provider',
  reasoning: '--reasoning-effort',
  permissions: '--permissions',
  session: '--session',
  'harness-args': '--harness-arg',
}

/** A refused drive request; the message is the refusal, fit to print as is. */
export class ContractRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ContractRefusal'
  }
}

/** The knobs a request sets (an empty string or list sets nothing), in the contract's order. */
export function requestedKnobs(request: DriveRequest): Knob[] {
  const set: Knob[] = []
  if (request.model) set.push('model')
  if (request.provider) set.push('provider')
  if (request.reasoning) set.push('reasoning')
  if (request.permissions) set.push('permissions')
  if (request.harnessArgs && request.harnessArgs.length > 0) set.push('harness-args')
  return set
}

/**
 * The arm-time refusal of a request, or null when the harness can carry it. Checked in order:
 * hard unmet items, knobs the harness does not declare, a permission level outside its vocabulary,
 * its knob requirements, a reasoning value outside its vocabulary. No harness name is hard-coded:
 * every text is built from the declarations.
 */
export function armRefusal(decl: HarnessDeclaration, request: DriveRequest, all: HarnessDeclaration[]): string | null {
  const h = decl.name
  const hard = decl.unmet.filter((item) => (HARD_ITEMS as readonly string[]).includes(item))
  if (hard.length > 0) {
    return `the '${h}' harness does not meet the agora harness contract for a DRIVEN seat — unmet: ${hard.join(', ')}. ` +
      `Run \`agora harness-check ${h}\` for the full report; the seat still works in-session: \`agora setup <id> --harness ${h}\`.`
  }
  const knobs = requestedKnobs(request)
  for (const knob of knobs) {
    if (decl.supports.includes(knob)) continue
    const supporters = [...new Set([...all, decl].filter((d) => d.supports.includes(knob)).map((d) => d.name))].sort()
    return `${KNOB_FLAGS[knob]} is not supported by the '${h}' harness (supported by: ${supporters.join(', ') || 'no installed harness'}).`
  }
  const level = request.permissions
  if (level && !decl.permissions.vocab.includes(level)) {
    const why = decl.permissions.rationale.trim()
    return `the '${h}' harness accepts --permissions ${decl.permissions.vocab.join('|')} — got '${level}'.${why ? ` ${why}` : ''}`
  }
  for (const rule of decl.knobRequirements) {
    const missing = rule.requires.filter((k) => !knobs.includes(k))
    if (knobs.includes(rule.knob) && missing.length > 0) {
      return `${KNOB_FLAGS[rule.knob]} needs ${missing.map((k) => KNOB_FLAGS[k]).join(' and ')} on the '${h}' harness: ${rule.reason}`
    }
  }
  if (request.reasoning && !decl.reasoningVocab.includes(request.reasoning)) {
    return `the '${h}' harness accepts --reasoning-effort ${decl.reasoningVocab.join('|')} — got '${request.reasoning}'. ` +
      `agora's flag spans several harnesses and each accepts its own vocabulary.`
  }
  return null
}

/** The level a turn runs at: the operator's, else the harness's declared default, else agora's. */
export function resolvePermissions(decl: HarnessDeclaration, requested?: PermissionLevel | null): PermissionLevel {
  return requested ?? decl.permissions.default ?? DEFAULT_PERMISSION_LEVEL
}
