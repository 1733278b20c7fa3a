import {Args, Flags} from '@oclif/core'

import {setRole} from '../hub-calls.js'
import type {RoleChange} from '../hub-calls.js'
import {OperatorCommand} from '../operator-command.js'
import {cleanLine} from '@agora/command'

export default class Promote extends OperatorCommand {
  static override args = {id: Args.string({description: 'the seat to promote (or demote)', required: true})}
  static override summary = 'Operator: make a seat an operator, or --demote it.'
  static override description = `Operator: make a seat an operator, or --demote it (PUT /agents/{id}/role). The hub refuses to demote the last operator.`

  static override examples = ['<%= config.bin %> promote alice', '<%= config.bin %> promote alice --demote']
  static override flags = {
    demote: Flags.boolean({description: 'take operator away instead'}),
    as: Flags.string({description: 'act as this operator seat instead of the admin key', helpGroup: 'HUB'}),
  }

  async run(): Promise<RoleChange> {
    const {args, flags} = await this.parse(Promote)
    const client = flags.as ? await this.seatClient(flags) : this.adminClient(flags)
    const change = await setRole(client, args.id, !flags.demote, !flags.as)
    const now = change.operator ? 'an operator' : 'a plain seat'
    this.log(change.changed ? `${cleanLine(change.agent)} is now ${now}` : `${cleanLine(change.agent)} was already ${now}; nothing changed`)
    return change
  }
}
