import {Args, Flags} from '@oclif/core'

import {OperatorCommand} from '../operator-command.js'
import {cleanLine} from '@agora/command'

export default class Unretire extends OperatorCommand {
  static override args = {id: Args.string({description: 'the retired seat to bring back', required: true})}
  static override summary = 'Operator: bring a retired seat back with its old key and rooms.'
  static override description = `Operator: reverse \`agora retire\` (DELETE /agents/{id}/retire). The seat's old key works again
and it rejoins the rooms it left, except rooms archived or blocked to it meanwhile. A deleted seat cannot come back.`

  static override examples = ['<%= config.bin %> unretire bob', '<%= config.bin %> unretire bob --as boss --json']
  static override flags = {as: Flags.string({description: 'act as this operator seat instead of the admin key', helpGroup: 'HUB'})}

  async run(): Promise<{agent_id: string; restored: string[]}> {
    const {args, flags} = await this.parse(Unretire)
    const client = flags.as ? await this.seatClient(flags) : this.adminClient(flags)
    const r = await client.request<{agent_id: string; restored: string[]}>('DELETE', `/agents/${encodeURIComponent(args.id)}/retire`, {admin: !flags.as})
    this.log(`unretired ${cleanLine(r.agent_id)}; back in ${r.restored.join(', ')}`)
    return r
  }
}
