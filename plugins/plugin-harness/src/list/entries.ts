import type {DiscoveredHarness, Transport} from '@agora/contract'

/** One installed harness plugin, as `agora harness list` reports it. */
export interface HarnessListEntry {
  name: string
  plugin: string
  version: string
  /** Where oclif found the plugin: bundled with agora, installed by the user, or linked from a folder. */
  source: 'core' | 'user' | 'link'
  root: string
  contract: string | null
  /** How its turns are carried (argv, acp), or null when the plugin declared nothing valid. */
  transport: Transport | null
  valid: boolean
  /** Valid and not shadowed: what `--harness <name>` resolves to. */
  active: boolean
  shadowedBy: string | null
  problems: string[]
}

export interface HarnessListResult {
  harnesses: HarnessListEntry[]
}

const sourceOf = (type: string): HarnessListEntry['source'] => (type === 'user' || type === 'link' ? type : 'core')

/** The report rows, from what discovery found (transportOf is passed in: callers choose how much of the contract they load). */
export function listEntries(found: DiscoveredHarness[], transportOf: (d: NonNullable<DiscoveredHarness['declaration']>) => Transport): HarnessListEntry[] {
  return found.map((h): HarnessListEntry => ({
    name: h.name,
    plugin: h.plugin.name,
    version: h.plugin.version,
    source: sourceOf(h.plugin.type),
    root: h.plugin.root,
    contract: h.contract,
    transport: h.declaration ? transportOf(h.declaration) : null,
    valid: h.valid,
    active: h.active,
    shadowedBy: h.shadowedBy?.name ?? null,
    problems: h.problems,
  }))
}

/** The text report: one line per harness, its problems indented beneath. */
export function listLines(harnesses: HarnessListEntry[]): string[] {
  const lines: string[] = []
  for (const h of harnesses) {
    const state = h.active ? 'ok' : h.shadowedBy ? `shadowed by ${h.shadowedBy}` : 'INVALID'
    lines.push(`${h.name.padEnd(18)} ${h.version.padEnd(9)} ${h.source.padEnd(5)} contract ${(h.contract ?? '-').padEnd(6)} ${(h.transport ?? '-').padEnd(4)} ${state}  ${h.plugin}`)
    for (const problem of h.problems) lines.push(`    - ${problem}`)
  }
  if (harnesses.length === 0) lines.push('no harness plugin is installed: agora plugins install <package>')
  return lines
}
