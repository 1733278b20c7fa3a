import {getRules} from '../../governance-calls.js'
import type {HubText} from '../../governance-calls.js'
import {OperatorCommand} from '../../operator-command.js'
import {clean, cleanLine} from '@agora/command'

export default class RulesShow extends OperatorCommand {
  static override description = 'Show the hub rules in force (admin key): the full text every whoami carries.'
  static override examples = ['<%= config.bin %> rules show']

  async run(): Promise<HubText> {
    const {flags} = await this.parse(RulesShow)
    const rules = await getRules(this.adminClient(flags))
    this.log(`hub rules v${rules.version}${rules.version === 0 ? ' (packaged default)' : ` by ${cleanLine(rules.updated_by)}`}`)
    this.log(clean(rules.text))
    return rules
  }
}
