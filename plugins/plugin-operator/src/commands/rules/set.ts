import {Args, Flags} from '@oclif/core'
import {readFileSync} from 'node:fs'

import {putRules} from '../../governance-calls.js'
import {OperatorCommand} from '../../operator-command.js'

export default class RulesSet extends OperatorCommand {
  static override args = {file: Args.string({description: 'a text file with the full rules (≤256 KiB)', required: true})}
  static override description = 'Operator: publish new hub rules from a file (admin key). The version only grows; every whoami carries the text.'
  static override examples = ['<%= config.bin %> rules set ./rules.md']
  static override flags = {version: Flags.integer({description: 'explicit version number (must be above the current one)', min: 1})}

  async run(): Promise<{version: number}> {
    const {args, flags} = await this.parse(RulesSet)
    const result = await putRules(this.adminClient(flags), readFileSync(args.file, 'utf8'), flags.version)
    this.log(`hub rules v${result.version} published`)
    return {version: result.version}
  }
}
