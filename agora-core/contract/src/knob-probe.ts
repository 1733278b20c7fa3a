import {ContractRefusal, armRefusal, resolvePermissions} from './arm.js'
import type {DriveRequest} from './arm.js'
import {commandSurface} from './surface.js'
import {prepareTurn, sampleTurnInput} from './turn.js'
import type {TurnInput} from './turn.js'
import type {BuiltCommand, HarnessDeclaration} from './declaration.js'
import type {Knob} from './vocabulary.js'

export type KnobOutcome = 'reached' | 'dropped' | 'refused' | 'single-level' | 'not-applicable'

export interface KnobProbe {
  knob: Knob
  declared: boolean
  outcome: KnobOutcome
  detail: string
}

const PROBE_ARG: [string, string] = ['probe-arg', 'probe-value-x']

/** The request and session that set one knob to a probe value, or null when nothing distinct can be asked. */
export function probeValue(decl: HarnessDeclaration, knob: Knob): {request: DriveRequest; sessionId?: string; needle: string | null} | null {
  switch (knob) {
    case 'model': return {request: {model: 'probe-model-x'}, needle: 'probe-model-x'}
    case 'provider': return {request: {provider: 'probe-provider-x'}, needle: 'probe-provider-x'}
    case 'session': return {request: {}, sessionId: 'probe-session-x', needle: 'probe-session-x'}
    case 'harness-args': return {request: {harnessArgs: [PROBE_ARG]}, needle: PROBE_ARG[1]}
    case 'reasoning': {
      const value = [...decl.reasoningVocab].reverse().find((r) => r !== decl.defaults.reasoning) ?? (decl.reasoningVocab.length ? null : 'low')
      return value ? {request: {reasoning: value}, needle: value} : null
    }
    case 'permissions': {
      const current = resolvePermissions(decl)
      const level = [...decl.permissions.vocab].reverse().find((l) => l !== current) ?? (decl.supports.includes('permissions') ? null : 'read')
      return level ? {request: {permissions: level}, needle: null} : null
    }
  }
}

const build = (decl: HarnessDeclaration, input: TurnInput): BuiltCommand => decl.buildCommand(prepareTurn(decl, input))

/**
 * C8 for one knob. Declared: set it (with the companions its knob requirements name, in the base
 * too) and require the built command to change AND carry the value (a level need only change it).
 * Undeclared: arm-time must refuse it.
 */
export function probeKnob(decl: HarnessDeclaration, knob: Knob, base: Partial<TurnInput> = {}): KnobProbe {
  const declared = decl.supports.includes(knob)
  const probe = probeValue(decl, knob)
  if (!probe) return {knob, declared, outcome: 'single-level', detail: `only one ${knob} value can be expressed`}
  if (declared && knob === 'session' && decl.continuity !== 'resume-id') {
    return {knob, declared, outcome: 'not-applicable', detail: `continuity is ${decl.continuity}: memory does not ride a session id`}
  }
  if (!declared) {
    const refusal = armRefusal(decl, probe.request, [decl])
    return refusal
      ? {knob, declared, outcome: 'refused', detail: refusal}
      : {knob, declared, outcome: 'dropped', detail: `${knob} is undeclared and was not refused`}
  }
  const companions: DriveRequest = {}
  for (const rule of decl.knobRequirements.filter((r) => r.knob === knob)) {
    for (const k of rule.requires) Object.assign(companions, probeValue(decl, k)?.request ?? {})
  }
  const baseInput = sampleTurnInput({...base, ...companions})
  let before: string
  let after: string
  try {
    before = commandSurface(build(decl, baseInput))
    after = commandSurface(build(decl, {...baseInput, ...probe.request, sessionId: probe.sessionId ?? baseInput.sessionId}))
  } catch (error) {
    if (error instanceof ContractRefusal) return {knob, declared, outcome: 'refused', detail: `refused at build: ${error.message}`}
    throw error
  }
  const changed = before !== after
  const hit = probe.needle === null || after.includes(probe.needle)
  if (changed && hit) return {knob, declared, outcome: 'reached', detail: `${knob} reaches the turn`}
  return {knob, declared, outcome: 'dropped', detail: `${knob} was accepted and dropped: ${changed ? 'the value is not in the command' : 'the command did not change'}`}
}
