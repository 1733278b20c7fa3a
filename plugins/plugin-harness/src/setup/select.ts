import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import type {DiscoveredHarness} from '@agora/contract'
import {readSeatRecord} from '@agora/home'

import {SetupRefusal} from './refusal.js'
import type {SetupHarness} from './types.js'

function asSetup(h: DiscoveredHarness): SetupHarness {
  return {name: h.name, workspace: h.declaration!.workspace, pluginRoot: h.plugin.root}
}

/** True when the file exists and mentions agora (a plain rule file without agora's entries never counts). */
function agoraOwned(path: string): boolean {
  if (!existsSync(path)) return false
  try {
    return readFileSync(path, 'utf8').includes('agora')
  } catch {
    return false
  }
}

/** Harnesses agora already wired here: the seat record's list, else agora-owned config files. */
function detect(active: DiscoveredHarness[], workspace: string): string[] {
  let record
  try {
    record = readSeatRecord(workspace, {knownHarnesses: active.map((h) => h.name)})
  } catch (error) {
    throw new SetupRefusal(`${(error as Error).message} (or name the harnesses with --harness)`)
  }
  if (record && record.harnesses.length > 0) return record.harnesses
  return active
    .filter(({declaration}) => {
      const fp = declaration!.workspace
      const owned = [fp.mcpConfig?.path, fp.hooks?.path, ...fp.files.map((f) => f.path)]
      return owned.some((p) => p !== undefined && agoraOwned(join(workspace, p)))
    })
    .map((h) => h.name)
}

/**
 * Resolve `--harness`: `all` (every installed harness not marked opt-in), `auto` (what this folder
 * already has), or a comma list of installed names. Refuses unknown or invalid names, naming what works.
 */
export function selectHarnesses(found: DiscoveredHarness[], spec: string, workspace: string): SetupHarness[] {
  const active = found.filter((h) => h.active)
  const installed = active.map((h) => h.name).sort().join(', ') || '(none installed)'
  if (spec === 'all') return active.filter((h) => h.declaration!.workspace.optIn === null).map(asSetup)
  const names = spec === 'auto' ? detect(active, workspace) : spec.split(',').map((s) => s.trim()).filter(Boolean)
  if (names.length === 0) {
    throw new SetupRefusal(`no harness is wired in ${workspace} yet; name one with --harness <name>[,<name>] or --harness all (installed: ${installed})`)
  }
  const chosen: SetupHarness[] = []
  for (const name of [...new Set(names)]) {
    const hit = active.find((h) => h.name === name)
    if (hit) {
      chosen.push(asSetup(hit))
      continue
    }
    const broken = found.find((h) => h.name === name)
    if (broken) throw new SetupRefusal(`harness ${name} is installed but unusable: ${broken.problems.join('; ')}`)
    throw new SetupRefusal(`unknown harness ${JSON.stringify(name)}; installed: ${installed} (or: all, auto)`)
  }
  return chosen
}
