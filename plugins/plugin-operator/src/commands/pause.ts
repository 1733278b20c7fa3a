import {Flags} from '@oclif/core'

import {pauseHub} from '../hub-calls.js'
import type {PauseState} from '../hub-calls.js'
import {OperatorCommand} from '../operator-command.js'
import {cleanLine, iso} from '@agora/command'

export default class Pause extends OperatorCommand {
  static override summary = 'Operator: pause the hub; non-operators\' writes get 423 until `agora resume`.'
  static override description = `Operator: pause the hub (admin key). Non-operators get 423 on writes until \`agora resume\`;
reads, acks, presence and moderation still work. Idempotent; every channel gets an fyi.`

  static override examples = ['<%= config.bin %> pause --reason "migrating the db"']
  static override flags = {reason: Flags.string({description: 'why, shown to every seat (whoami.hub_state, the fyi posts)'})}

  async run(): Promise<PauseState> {
    const {flags} = await this.parse(Pause)
    const state = await pauseHub(this.adminClient(flags), flags.reason)
    this.log(`hub paused since ${iso(state.since)} by ${cleanLine(state.by)}${state.reason ? `: ${cleanLine(state.reason)}` : ''}`)
    return state
  }
}
