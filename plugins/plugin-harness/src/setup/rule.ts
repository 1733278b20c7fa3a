import type {WorkspaceFootprint} from '@agora/contract'

import {expandString} from './vars.js'
import type {SetupVars} from './vars.js'

type Footprint = WorkspaceFootprint
type Slots = Footprint['rule']

export const RULE_BEGIN = '<!-- agora:begin -->'
export const RULE_END = '<!-- agora:end -->'

/** The harness's slots, with its `--no-hook` replacements applied when hooks are off. */
export function slotsFor(footprint: Footprint, hooksOn: boolean): {arming: string; waitPolicy: string; wakeNote: string} {
  const {arming, waitPolicy, wakeNote, noHook} = footprint.rule as Slots
  const base = {arming, waitPolicy, wakeNote}
  return hooksOn || !noHook ? base : {...base, ...noHook}
}

/**
 * The slots of a rule file several selected harnesses share: no arming, foreground waits banned,
 * and a wake note naming every sharer. A harness-specific contract comes from wiring it alone.
 */
export function sharedSlots(names: string[], ruleFile: string): {arming: string; waitPolicy: string; wakeNote: string} {
  const list = [...names].sort()
  return {
    arming: '',
    waitPolicy:
      'Never block in the foreground waiting for mail: no `wait_for_messages` loops, no sleep loops, no polling ' +
      'shells. A waiting turn is deaf and spends budget. End the turn when your work is done and call ' +
      '`check_inbox` at the start of the next one.',
    wakeNote:
      `This ${ruleFile} is shared by the harnesses ${list.join(', ')}, so it states only what holds for all of ` +
      'them: none is assumed to wake an idle session or relay mail mid-turn. Call `check_inbox` at every turn ' +
      'start and before you end a turn. For unattended work the operator runs `agora drive`; for a harness\'s ' +
      'own reception contract, wire that harness alone (`agora setup {{seat.id}} --harness <name>`).',
  }
}

/** Render the one template with a harness's slots; an empty slot takes its paragraph with it. */
export function renderRule(template: string, slots: {arming: string; waitPolicy: string; wakeNote: string}, vars: SetupVars): string {
  const filled = template
    .replace('{{arming}}', slots.arming)
    .replace('{{waitPolicy}}', slots.waitPolicy)
    .replace('{{wakeNote}}', slots.wakeNote)
  return expandString(filled, vars).replace(/\n{3,}/g, '\n\n').trim()
}

export function markedBlock(body: string): string {
  return `${RULE_BEGIN}\n${body}\n${RULE_END}`
}

/** Put agora's block at the top of the file (the model-visible prefix), keeping the user's text below it. */
export function upsertMarkedSection(existing: string | undefined, block: string): string {
  let rest = existing ?? ''
  const begin = rest.indexOf(RULE_BEGIN)
  const end = rest.indexOf(RULE_END, begin)
  if (begin !== -1 && end !== -1) {
    const before = rest.slice(0, begin).replace(/\s+$/, '')
    const after = rest.slice(end + RULE_END.length).replace(/^\s+/, '')
    rest = before && after ? `${before}\n\n${after}` : before + after
  }
  rest = rest.replace(/^\s+/, '').replace(/\s+$/, '')
  return rest ? `${block}\n\n${rest}\n` : `${block}\n`
}

/** A whole-file rule (rewritten every time): frontmatter fences, then agora's block. */
export function wholeFile(frontmatter: string | undefined, block: string, vars: SetupVars): string {
  const head = frontmatter ? `---\n${expandString(frontmatter, vars)}\n---\n\n` : ''
  return `${head}${block}\n`
}
