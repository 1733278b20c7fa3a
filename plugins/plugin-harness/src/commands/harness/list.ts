import {Command} from '@oclif/core'
import {discoverHarnesses, transportOf} from '@agora/contract'
import type {Transport} from '@agora/contract'

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

export default class HarnessList extends Command {
  static override summary = 'List the harness plugins agora can drive, with their source and validity'
  static override description =
    'Every installed plugin answering the agora:harness event, checked against the harness contract. An invalid ' +
    'plugin is listed with its problems instead of breaking the CLI; when two plugins declare one name, link beats ' +
    'user beats core and the other is shown as shadowed.'

  static override examples = ['<%= config.bin %> harness list', '<%= config.bin %> harness list --json']
  static override enableJsonFlag = true

  async run(): Promise<HarnessListResult> {
    await this.parse(HarnessList)
    const found = await discoverHarnesses(this.config)
    const harnesses = found.map((h): HarnessListEntry => ({
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
    for (const h of harnesses) {
      const state = h.active ? 'ok' : h.shadowedBy ? `shadowed by ${h.shadowedBy}` : 'INVALID'
      this.log(`${h.name.padEnd(18)} ${h.version.padEnd(9)} ${h.source.padEnd(5)} contract ${(h.contract ?? '-').padEnd(6)} ${(h.transport ?? '-').padEnd(4)} ${state}  ${h.plugin}`)
      for (const problem of h.problems) this.log(`    - ${problem}`)
    }
    if (harnesses.length === 0) this.log('no harness plugin is installed: agora plugins install <package>')
    return {harnesses}
  }
}
