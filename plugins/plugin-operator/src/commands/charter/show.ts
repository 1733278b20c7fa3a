import {Flags} from '@oclif/core'

import {getAdminCharter, readCharter} from '../../governance-calls.js'
import type {CharterAnalysis, CharterRead, HubText} from '../../governance-calls.js'
import {OperatorCommand} from '../../operator-command.js'
import {clean, cleanLine} from '@agora/command'

export type CharterShown = ({source: 'admin'} & HubText & CharterAnalysis) | ({source: 'seat'} & CharterRead)

export default class CharterShow extends OperatorCommand {
  static override summary = 'Show the hub charter in force, whole (admin key) or as one seat\'s slice (--as).'
  static override description = `Show the hub charter in force. With the admin key: the whole text plus whether it slices by seat kind. With --as <seat>: that seat's slice, exactly what read_charter serves it (this records the seat's receipt).`

  static override examples = ['<%= config.bin %> charter show', '<%= config.bin %> charter show --as castor --full']
  static override flags = {
    as: Flags.string({description: 'read as this seat (records its receipt)', helpGroup: 'HUB'}),
    full: Flags.boolean({description: 'with --as: the whole text instead of the seat\'s slice', dependsOn: ['as']}),
  }

  async run(): Promise<CharterShown> {
    const {flags} = await this.parse(CharterShow)
    if (flags.as) {
      const read = await readCharter(await this.seatClient(flags), flags.full)
      this.log(`hub charter v${read.version} as ${cleanLine(flags.as)} (${read.sliced ? `slice: ${read.view.join(', ')}` : 'whole text'}); receipt recorded`)
      this.log(clean(read.text))
      return {source: 'seat', ...read}
    }
    const c = await getAdminCharter(this.adminClient(flags))
    this.log(`hub charter v${c.version}${c.version === 0 ? ' (packaged default)' : ` by ${cleanLine(c.updated_by)}`}; ` +
      (c.sliceable ? 'slices by seat kind' : `served whole (no heading for: ${c.missing_roles.join(', ')})`))
    this.log(clean(c.text))
    return {source: 'admin', ...c}
  }
}
