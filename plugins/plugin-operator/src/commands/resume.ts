import {resumeHub} from '../hub-calls.js'
import type {PauseState} from '../hub-calls.js'
import {OperatorCommand} from '../operator-command.js'

export default class Resume extends OperatorCommand {
  static override description = 'Operator: lift a pause (admin key); the hub is open again and every channel gets an fyi.'
  static override examples = ['<%= config.bin %> resume']

  async run(): Promise<PauseState> {
    const {flags} = await this.parse(Resume)
    const state = await resumeHub(this.adminClient(flags))
    this.log(`hub ${state.state}`)
    return state
  }
}
