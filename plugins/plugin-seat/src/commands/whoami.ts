import type {Whoami as WhoamiReport} from '@agora/client'
import {PROTOCOL} from '@agora/protocol'

import {cleanLine, fence} from '@agora/command'
import {SeatCommand} from '../seat-command.js'

export default class Whoami extends SeatCommand {
  static override description = 'Show this seat\'s identity, mission and the hub\'s state.'
  static override examples = ['<%= config.bin %> whoami --as alice', '<%= config.bin %> whoami --json']

  async run(): Promise<WhoamiReport> {
    const {flags} = await this.parse(Whoami)
    const {client} = await this.openSeat(flags)
    const me = await client.whoami()
    if (me.protocol !== PROTOCOL) {
      this.warn(`hub speaks ${cleanLine(me.protocol)} but this client speaks ${PROTOCOL}; continuing, but expect differences`)
    }
    this.log(`${cleanLine(me.id)}${me.operator ? ' (operator)' : ''} on ${client.url} — hub ${cleanLine(me.version)} ${cleanLine(me.protocol)}, ${cleanLine(me.hub_state?.state)}`)
    if (me.about) this.log(`about: ${cleanLine(me.about)}`)
    if (me.mission) this.log(fence('mission', me.mission))
    this.log(`hub rules v${me.hub_rules?.version ?? '?'}; delegations: ${me.delegations?.length ?? 0}`)
    return me
  }
}
