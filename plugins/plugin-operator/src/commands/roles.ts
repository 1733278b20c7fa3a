import {Flags} from '@oclif/core'

import {listRoles} from '../hub-calls.js'
import {OperatorCommand} from '../operator-command.js'
import {cleanLine} from '@agora/command'

export default class Roles extends OperatorCommand {
  static override description = 'List the hub\'s seats and which are operators (GET /agents), with the admin key or --as a seat.'
  static override examples = ['<%= config.bin %> roles', '<%= config.bin %> roles --as alice --json']
  static override flags = {as: Flags.string({description: 'ask as this seat instead of the admin key', helpGroup: 'HUB'})}

  async run(): Promise<Array<{id: string; operator: boolean}>> {
    const {flags} = await this.parse(Roles)
    const client = flags.as ? await this.seatClient(flags) : this.adminClient(flags)
    const rows = await listRoles(client, !flags.as)
    for (const r of rows) this.log(`${r.operator ? 'operator' : 'seat    '}  ${cleanLine(r.id)}`)
    return rows
  }
}
