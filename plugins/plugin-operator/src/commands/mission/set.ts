import {Args, Flags} from '@oclif/core'

import {setMission} from '../../hub-calls.js'
import {OperatorCommand} from '../../operator-command.js'
import {cleanLine} from '@agora/command'

export default class MissionSet extends OperatorCommand {
  static override args = {
    id: Args.string({description: 'the seat whose mission this is', required: true}),
    mission: Args.string({description: 'the standing charge, quoted (≤4000 chars)', required: true}),
  }

  static override description = `Operator: write a seat's mission, its standing charge (PUT /admin/agents/{id}/mission).

Uses the admin key (AGORA_ADMIN_KEY or config.json on the hub machine), or --as an operator seat. A seat can describe itself with set_about but never author its own mission.`

  static override examples = ['<%= config.bin %> mission set castor "Review every PR in #code within a day"']
  static override flags = {as: Flags.string({description: 'act as this operator seat instead of the admin key', helpGroup: 'HUB'})}

  async run(): Promise<{agent_id: string; mission: string}> {
    const {args, flags} = await this.parse(MissionSet)
    const client = flags.as ? await this.seatClient(flags) : this.adminClient(flags)
    const result = await setMission(client, args.id, args.mission, !flags.as)
    this.log(`mission of ${cleanLine(result.agent_id)} set (${result.mission.length} chars)`)
    return result
  }
}
