import {readFileSync} from 'node:fs'
import {join, resolve, sep} from 'node:path'

import {mergeHooks} from './hooks-file.js'
import {applyJsonEntries, formatJson, parseJsonObject} from './json-config.js'
import {SetupRefusal} from './refusal.js'
import {markedBlock, renderRule, sharedSlots, slotsFor, upsertMarkedSection, wholeFile} from './rule.js'
import {Stage} from './stage.js'
import {checkToml, upsertTomlTables} from './toml-config.js'
import type {SetupHarness, SetupInput} from './types.js'
import {expandString, expandValue} from './vars.js'
import type {SetupVars} from './vars.js'

export interface Plan {
  stage: Stage
  /** Rule files written, each with the style that governs a mission re-attach. */
  ruleFiles: Array<{path: string; wholeFile: boolean; previous: string | undefined}>
  notes: string[]
}

function varsOf(input: SetupInput): SetupVars {
  return {
    agora: input.agora,
    mcpCommand: input.mcpCommand,
    seatId: input.seatId,
    url: input.url,
    about: input.about,
    home: input.home,
    homeIsDefault: input.homeIsDefault,
  }
}

/** A footprint path must stay inside the workspace: an adapter cannot aim setup elsewhere. */
function inside(root: string, rel: string, harness: string): string {
  const abs = resolve(root, rel)
  if (!abs.startsWith(root + sep)) throw new SetupRefusal(`harness ${harness} declares a path outside the workspace: ${rel}`)
  return rel
}

/** Parse every file setup would merge into, before anything else: a corrupt one refuses the whole run. */
function preflight(stage: Stage, harnesses: SetupHarness[]): void {
  for (const {workspace: fp} of harnesses) {
    if (fp.mcpConfig?.format === 'json') parseJsonObject(fp.mcpConfig.path, stage.read(fp.mcpConfig.path))
    if (fp.mcpConfig?.format === 'toml') checkToml(fp.mcpConfig.path, stage.read(fp.mcpConfig.path))
    if (fp.hooks) parseJsonObject(fp.hooks.path, stage.read(fp.hooks.path))
  }
}

function planMcp(stage: Stage, h: SetupHarness, vars: SetupVars): void {
  const cfg = h.workspace.mcpConfig
  if (!cfg) return
  inside(stage.root, cfg.path, h.name)
  const entries = cfg.entries.map((e) => ({...e, value: expandValue(e.value, vars)}))
  if (cfg.format === 'toml') {
    stage.write(cfg.path, upsertTomlTables(cfg.path, stage.read(cfg.path), entries))
    return
  }
  const before = stage.read(cfg.path)
  const doc = applyJsonEntries(cfg.path, parseJsonObject(cfg.path, before), entries)
  const same = before !== undefined && JSON.stringify(parseJsonObject(cfg.path, before)) === JSON.stringify(doc)
  // Semantically unchanged: keep the user's formatting byte for byte.
  stage.write(cfg.path, same ? before : formatJson(doc))
}

function planHooks(stage: Stage, h: SetupHarness, vars: SetupVars, install: boolean): void {
  const hooks = h.workspace.hooks
  if (!hooks) return
  inside(stage.root, hooks.path, h.name)
  const before = stage.read(hooks.path)
  if (before === undefined && !install) return
  const doc = mergeHooks(parseJsonObject(hooks.path, before), hooks, vars, install)
  const same = before !== undefined && JSON.stringify(parseJsonObject(hooks.path, before)) === JSON.stringify(doc)
  stage.write(hooks.path, same ? before : formatJson(doc))
}

function planFiles(stage: Stage, h: SetupHarness, vars: SetupVars, install: boolean): void {
  for (const file of h.workspace.files) {
    inside(stage.root, file.path, h.name)
    if (file.hooksOnly && !install) {
      stage.delete(file.path)
      continue
    }
    let bytes: Buffer
    if (file.source !== undefined) {
      const from = resolve(h.pluginRoot, file.source)
      try {
        bytes = readFileSync(from)
      } catch (error) {
        throw new SetupRefusal(`harness ${h.name} ships ${file.source} but ${from} cannot be read (${(error as Error).message}); reinstall the harness plugin`)
      }
    } else bytes = Buffer.from(file.content ?? '', 'utf8')
    stage.write(file.path, file.template ? expandString(bytes.toString('utf8'), vars) : bytes)
  }
  for (const legacy of h.workspace.legacyFiles ?? []) stage.delete(inside(stage.root, legacy, h.name))
}

/**
 * Plan the rule files: one per distinct path. A path several selected harnesses share gets one
 * neutral contract naming every sharer (order-independent), never the last writer's.
 */
function planRules(stage: Stage, input: SetupInput, template: string, vars: SetupVars, plan: Plan): void {
  const byFile = new Map<string, SetupHarness[]>()
  for (const h of input.harnesses) byFile.set(inside(stage.root, h.workspace.ruleFile, h.name), [...(byFile.get(h.workspace.ruleFile) ?? []), h])
  for (const [path, sharers] of [...byFile.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...sharers].sort((a, b) => a.name.localeCompare(b.name))
    const first = sorted[0]?.workspace
    if (!first) continue
    const names = sorted.map((h) => h.name)
    const slots = sorted.length > 1 ? sharedSlots(names, path) : slotsFor(first, input.hooks)
    if (sorted.length > 1) plan.notes.push(`note: ${path} is shared by ${names.join(', ')}; it carries one neutral contract (wire a harness alone for its own)`)
    const block = markedBlock(renderRule(template, slots, vars))
    const previous = stage.read(path)
    const whole = first.ruleStyle === 'whole-file'
    stage.write(path, whole ? wholeFile(first.frontmatter, block, vars) : upsertMarkedSection(previous, block))
    plan.ruleFiles.push({path, wholeFile: whole, previous})
  }
}

/** Stage every workspace change for the selected harnesses (pure planning: nothing is written here). */
export function planSetup(input: SetupInput): Plan {
  const stage = new Stage(input.workspace)
  const plan: Plan = {stage, ruleFiles: [], notes: []}
  const harnesses = [...input.harnesses].sort((a, b) => a.name.localeCompare(b.name))
  preflight(stage, harnesses)
  const vars = varsOf(input)
  const template = readFileSync(join(input.assetsDir, 'rule-template.md'), 'utf8')
  for (const h of harnesses) {
    planMcp(stage, h, vars)
    planHooks(stage, h, vars, input.hooks)
    planFiles(stage, h, vars, input.hooks)
  }
  planRules(stage, input, template, vars, plan)
  const names = harnesses.map((h) => h.name)
  const record = {
    schema: 1,
    agent_id: input.seatId,
    url: input.url,
    about: input.about,
    harnesses: names,
    default_drive_harness: names.length === 1 ? names[0] : null,
  }
  stage.write('.agora/seat.json', JSON.stringify(record, null, 2) + '\n')
  return plan
}
