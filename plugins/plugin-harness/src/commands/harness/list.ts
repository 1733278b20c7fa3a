import {AgoraCommand} from '@agora/command'
import {discoverHarnesses, transportOf} from '@agora/contract'

import {listEntries, listLines} from '../../list/entries.js'
import type {HarnessListResult} from '../../list/entries.js'

export type {HarnessListEntry, HarnessListResult} from '../../list/entries.js'

// Usually answered without oclif (bin/run.js → list-fast.ts, for start-up time, see bin/bench/startup.bench.ts);
// this class runs when a user plugin is installed, and for --help.
export default class HarnessList extends AgoraCommand {
  static override summary = 'List the harness plugins agora can drive, with their source and validity'
  static override description =
    'Every installed plugin answering the agora:harness event, checked against the harness contract. An invalid ' +
    'plugin is listed with its problems instead of breaking the CLI; when two plugins declare one name, link beats ' +
    'user beats core and the other is shown as shadowed.'

  static override examples = ['<%= config.bin %> harness list', '<%= config.bin %> harness list --json']

  async run(): Promise<HarnessListResult> {
    await this.parse(HarnessList)
    const harnesses = listEntries(await discoverHarnesses(this.config), transportOf)
    for (const line of listLines(harnesses)) this.log(line)
    return {harnesses}
  }
}
