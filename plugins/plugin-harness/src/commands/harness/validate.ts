import {AgoraCommand, ExitCode} from '@agora/command'
import {Args} from '@oclif/core'
import {checkFolder, type FolderCheck} from '../../author/load-declaration.js'

export default class HarnessValidate extends AgoraCommand {
  static override summary = 'Check a harness plugin folder\'s declaration against the contract, without installing it'
  static override description =
    'Loads the folder\'s agora:harness hook as oclif would (package.json → oclif.hooks), calls it and validates ' +
    'the declaration: the JSON schema (@agora/contract/harness-declaration.schema.json) and the invariants a schema ' +
    'cannot say. Exit 0 when valid, 1 with every problem named. `agora harness-check` then probes the installed plugin.'

  static override examples = ['<%= config.bin %> harness validate .', '<%= config.bin %> harness validate ./agora-harness-myagent --json']
  static override args = {dir: Args.string({description: 'the plugin folder (the one holding package.json)', default: '.'})}

  async run(): Promise<FolderCheck> {
    const {args} = await this.parse(HarnessValidate)
    const check = await checkFolder(args.dir)
    const who = `${check.harness ?? '(no harness name)'} from ${check.plugin ?? check.dir}`
    if (check.valid) this.log(`${who}: valid declaration, contract ${check.contract}`)
    else {
      this.log(`${who}: INVALID`)
      for (const problem of check.problems) this.log(`    - ${problem}`)
    }
    process.exitCode = check.valid ? ExitCode.Ok : ExitCode.Failed
    return check
  }
}
