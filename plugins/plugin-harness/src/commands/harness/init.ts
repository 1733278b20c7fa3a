import {chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname, join, resolve} from 'node:path'
import {AgoraCommand, ExitCode} from '@agora/command'
import {Args, Flags} from '@oclif/core'
import {buildCommandJs, contractTestJs, declarationJs, evidenceJs, fakeBinary, hookJs} from '../../author/scaffold-code.js'
import {gitignore, packageJson, readme, workflow} from '../../author/scaffold-docs.js'
import {acpBuildCommandJs, acpContractTestJs, acpDeclarationJs, acpReadme, fakeAcpAgent} from '../../author/scaffold-acp.js'

export interface HarnessInitResult {
  dir: string
  package: string
  transport: 'argv' | 'acp'
  files: string[]
}

const contractVersion = (createRequire(import.meta.url)('@agora/contract/package.json') as {version: string}).version

export default class HarnessInit extends AgoraCommand {
  static override summary = 'Scaffold a harness plugin package that passes its own tests and harness-check out of the box'
  static override description =
    'Writes agora-harness-<name> into ./<name> (or --dir): the declaration as data, a pure buildCommand, the evidence ' +
    'spec, a describeHarnessContract test, a fake binary for hermetic tests, a README with the flag table and a ' +
    'GitHub Actions workflow that runs agora harness-check.'

  static override examples = [
    '<%= config.bin %> harness init myagent',
    '<%= config.bin %> harness init myagent --transport acp',
    '<%= config.bin %> harness init myagent --dir ./plugins/myagent --json',
  ]
  static override args = {name: Args.string({description: 'the harness name (lowercase letters, digits, dashes)', required: true})}
  static override flags = {
    transport: Flags.string({description: 'how agora runs a turn: argv (one process per turn, its stdout read by an evidence spec) or acp (an Agent Client Protocol agent on stdio)', options: ['argv', 'acp'], default: 'argv'}),
    dir: Flags.string({description: 'the folder to create (default: ./<name>)'}),
  }

  async run(): Promise<HarnessInitResult> {
    const {args, flags} = await this.parse(HarnessInit)
    const {name} = args
    if (!/^[a-z][a-z0-9-]*$/.test(name)) this.error(`"${name}" is not a harness name: use lowercase letters, digits and dashes, e.g. \`agora harness init my-agent\``, {exit: ExitCode.Refused})
    const dir = resolve(flags.dir ?? name)
    if (existsSync(dir) && readdirSync(dir).length > 0) this.error(`${dir} is not empty: pick another folder with --dir`, {exit: ExitCode.Refused})
    const acp = flags.transport === 'acp'
    const files: Record<string, string> = {
      'package.json': packageJson(name, contractVersion),
      'README.md': acp ? acpReadme(name) : readme(name),
      '.gitignore': gitignore(),
      'lib/declaration.js': acp ? acpDeclarationJs(name) : declarationJs(name),
      'lib/build-command.js': acp ? acpBuildCommandJs(name) : buildCommandJs(name),
      ...(acp ? {} : {'lib/evidence.js': evidenceJs()}),
      'hooks/harness.js': hookJs(),
      'test/contract.test.js': acp ? acpContractTestJs(name) : contractTestJs(name),
      [`fake-bin/${name}`]: acp ? fakeAcpAgent(name) : fakeBinary(name),
      '.github/workflows/harness-check.yml': workflow(name),
    }
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), {recursive: true})
      writeFileSync(join(dir, file), content)
    }
    chmodSync(join(dir, 'fake-bin', name), 0o755)
    this.log(`wrote agora-harness-${name} in ${dir}:`)
    for (const file of Object.keys(files)) this.log(`  ${file}`)
    this.log(`next: cd ${flags.dir ?? name} && npm install && npm test && agora plugins link . && PATH="$PWD/fake-bin:$PATH" agora harness-check ${name}`)
    return {dir, package: `agora-harness-${name}`, transport: acp ? 'acp' : 'argv', files: Object.keys(files)}
  }
}
