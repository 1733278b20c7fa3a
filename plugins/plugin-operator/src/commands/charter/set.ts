import {Args, Flags} from '@oclif/core'
import {readFileSync} from 'node:fs'

import {putCharter} from '../../governance-calls.js'
import type {CharterAnalysis} from '../../governance-calls.js'
import {OperatorCommand} from '../../operator-command.js'

export default class CharterSet extends OperatorCommand {
  static override args = {file: Args.string({description: 'a markdown file; `## member|owner|delegate|operator` headings make it sliceable', required: true})}
  static override summary = 'Operator: publish a new hub charter version from a file.'
  static override description = `Operator: publish a new hub charter version from a file (admin key). Every seat's whoami pointer goes stale and /owed lists the charter until each seat reads it again.`

  static override examples = ['<%= config.bin %> charter set ./charter.md']
  static override flags = {version: Flags.integer({description: 'explicit version number (must be above the current one)', min: 1})}

  async run(): Promise<CharterAnalysis> {
    const {args, flags} = await this.parse(CharterSet)
    const result = await putCharter(this.adminClient(flags), readFileSync(args.file, 'utf8'), flags.version)
    this.log(`hub charter v${result.version} published; ${result.sliceable ? 'each seat reads its slice'
      : `served whole: no section for ${result.missing_roles.join(', ')}`}`)
    return result
  }
}
