import {HARD_ITEMS, PERMISSION_LEVELS, armRefusal, resolvePermissions} from '@agora/contract'
import type {DriveRequest, HarnessDeclaration, Knob} from '@agora/contract'
import type {Probe, ProbeContext} from '../types.js'
import {buildSurface, hardUnmet} from '../surface.js'
import {declarationOf} from './declaration-of.js'
import {refusalText} from './refusal.js'

type ProbedKnob = Exclude<Knob, 'session'>
const PROBED: ProbedKnob[] = ['model', 'provider', 'reasoning', 'permissions', 'harness-args']
const HARNESS_ARG_VALUE = 'probe-arg-x'

/** One request per knob, with a value a harness could not produce by accident; null = nothing to probe. */
export function probeRequest(decl: HarnessDeclaration, knob: ProbedKnob): {request: DriveRequest; value: string | null} | null {
  switch (knob) {
    case 'model': return {request: {model: 'probe-model-x'}, value: 'probe-model-x'}
    case 'provider': return {request: {provider: 'probe-provider-x'}, value: 'probe-provider-x'}
    case 'reasoning': {
      const value = decl.reasoningVocab.at(-1) ?? 'low'
      return {request: {reasoning: value}, value}
    }
    case 'harness-args': return {request: {harnessArgs: [['agora-probe', HARNESS_ARG_VALUE]]}, value: HARNESS_ARG_VALUE}
    case 'permissions': {
      const base = resolvePermissions(decl)
      const levels = decl.supports.includes('permissions') ? decl.permissions.vocab : [...PERMISSION_LEVELS]
      const other = levels.filter((level) => level !== base).at(-1)
      return other ? {request: {permissions: other}, value: null} : null
    }
  }
}

/**
 * Every declared knob changes the built command (and its value reaches it); every undeclared knob
 * is refused at arm time. Knobs are probed one at a time, `--harness-arg` and undeclared
 * permissions included (the reference never probed those).
 */
export const c8Knobs: Probe = {
  id: 'C8',
  capability: 'knobs',
  needs: ['C0'],
  kind: 'structural',
  async run(ctx) {
    const decl = declarationOf(ctx)
    const hard = hardUnmet(decl, HARD_ITEMS)
    if (hard.length > 0) return {status: 'SKIP', detail: `no command to inspect (declared unmet: ${hard.join(', ')})`}
    const base = (await buildSurface(ctx, decl, {})).text
    const reached: string[] = []
    const refused: string[] = []
    const dropped: string[] = []
    for (const knob of PROBED) {
      const probe = probeRequest(decl, knob)
      if (probe === null) continue
      if (!decl.supports.includes(knob)) {
        if (armRefusal(decl, probe.request, ctx.all) === null) dropped.push(`${knob}(undeclared, not refused)`)
        else refused.push(knob)
        continue
      }
      const outcome = await tryKnob(ctx, decl, probe.request)
      if (outcome === 'refused') refused.push(`${knob}(refused at build)`)
      else if (outcome !== base && (probe.value === null || outcome.includes(probe.value))) reached.push(knob)
      else dropped.push(knob)
    }
    const groups = [
      reached.length > 0 ? `reach the turn: ${reached.join(',')}` : '',
      refused.length > 0 ? `correctly refused: ${refused.join(',')}` : '',
      dropped.length > 0 ? `ACCEPTED AND DROPPED: ${dropped.join(',')}` : '',
    ].filter((group) => group !== '')
    const detail = groups.join('; ') || 'no knobs declared'
    const details = {reached, refused, dropped}
    if (dropped.length === 0) return {status: 'PASS', detail, details}
    const names = dropped.map((entry) => entry.replace(/\(.*\)$/, ''))
    return {
      status: 'FAIL',
      detail,
      details,
      limitation: `knobs: ${names.join(', ')} accepted and dropped — the seat would run without them`,
    }
  },
}

async function tryKnob(ctx: ProbeContext, decl: HarnessDeclaration, request: DriveRequest): Promise<string | 'refused'> {
  try {
    return (await buildSurface(ctx, decl, request)).text
  } catch (error) {
    if (refusalText(error) !== null) return 'refused'
    throw error
  }
}
