import {resolveDeclaration} from './resolve-declaration.js'
import {validateDeclaration} from './validate-declaration.js'
import type {HarnessDeclaration} from './declaration.js'

/** The custom oclif event every harness plugin answers with its declaration. */
export const HARNESS_HOOK_EVENT = 'agora:harness'

export interface PluginRef {
  name: string
  version: string
  type: string
  root: string
}

/** How long one plugin's hook may take before it is listed as failed. */
export const HARNESS_HOOK_TIMEOUT_MS = 10_000

/** The slice of an oclif Config that discovery needs. */
export interface HookRunner {
  runHook(event: string, opts: object, timeout?: number, captureErrors?: boolean): Promise<{
    successes: Array<{plugin: PluginRef; result: unknown}>
    failures: Array<{plugin: PluginRef; error: Error}>
  }>
}

export interface DiscoveredHarness {
  /** The declared harness name, or the plugin's name when it declared nothing usable. */
  name: string
  plugin: PluginRef
  declaration: HarnessDeclaration | null
  /** The contract range the plugin declared, when it declared one (valid or not). */
  contract: string | null
  valid: boolean
  problems: string[]
  /** The plugin that wins this name (link > user > core), when it is not this one. */
  shadowedBy: PluginRef | null
  /** Valid and not shadowed: the declaration `--harness <name>` resolves to. */
  active: boolean
}

const RANK: Record<string, number> = {link: 0, user: 1, core: 2}
const rank = (type: string) => RANK[type] ?? 3
const ref = ({name, version, type, root}: PluginRef): PluginRef => ({name, version, type, root})

/**
 * Every plugin answering `agora:harness`, validated. A plugin whose hook threw, whose answer is
 * not a declaration, or whose contract range does not match is listed as invalid with the reason,
 * never a crash. Two plugins declaring one name: link > user > core wins, the other is shadowed.
 */
export async function discoverHarnesses(config: HookRunner): Promise<DiscoveredHarness[]> {
  // captureErrors: a hook that exits through oclif's error() must be listed, not end the command.
  const {successes, failures} = await config.runHook(HARNESS_HOOK_EVENT, {}, HARNESS_HOOK_TIMEOUT_MS, true)
  const found: DiscoveredHarness[] = []
  for (const {plugin, result} of successes) {
    const check = validateDeclaration(result)
    const field = (key: string) => {
      const value = (result as Record<string, unknown> | null)?.[key]
      return typeof value === 'string' ? value : null
    }
    found.push({
      name: field('name') ?? plugin.name,
      plugin: ref(plugin),
      declaration: check.valid ? resolveDeclaration(result as HarnessDeclaration) : null,
      contract: field('contract'),
      valid: check.valid,
      problems: check.problems,
      shadowedBy: null,
      active: false,
    })
  }
  for (const {plugin, error} of failures) {
    found.push({name: plugin.name, plugin: ref(plugin), declaration: null, contract: null, valid: false, problems: [`the agora:harness hook failed: ${error?.message ?? String(error)}`], shadowedBy: null, active: false})
  }
  const winners = new Map<string, DiscoveredHarness>()
  for (const h of [...found].filter((f) => f.valid).sort((a, b) => rank(a.plugin.type) - rank(b.plugin.type) || a.plugin.name.localeCompare(b.plugin.name))) {
    const winner = winners.get(h.name)
    if (winner) h.shadowedBy = winner.plugin
    else winners.set(h.name, h)
  }
  for (const h of found) h.active = h.valid && h.shadowedBy === null
  return found.sort((a, b) => a.name.localeCompare(b.name) || rank(a.plugin.type) - rank(b.plugin.type))
}

/** The active declaration for a harness name, or null. */
export function activeHarness(found: DiscoveredHarness[], name: string): HarnessDeclaration | null {
  return found.find((h) => h.active && h.name === name)?.declaration ?? null
}
