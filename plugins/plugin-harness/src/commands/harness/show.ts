import {AgoraCommand, ExitCode} from '@agora/command'
import {Args} from '@oclif/core'
import {discoverHarnesses, mcpBindingEnv, prepareTurn, sampleTurnInput, transportOf} from '@agora/contract'
import type {BuiltCommand, HarnessDeclaration, SeatBinding} from '@agora/contract'

export interface HarnessShowResult {
  name: string
  plugin: {name: string; version: string; source: string; root: string}
  /** The declaration's data half (everything but buildCommand). */
  declaration: Omit<HarnessDeclaration, 'buildCommand'>
  /** What buildCommand returns for the sample turn, with the harness's defaults applied. */
  sample: {seat: string; url: string; prompt: string; command: BuiltCommand}
}

const SAMPLE_SEAT: SeatBinding = {agentId: 'sample-seat', url: 'http://127.0.0.1:8765', home: '~/.agora', about: 'a sample seat'}
const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`)

export default class HarnessShow extends AgoraCommand {
  static override summary = "Show a harness's declaration and the command it builds for a sample turn"
  static override description =
    'The declared knobs, permission levels, evidence stream and workspace footprint, then the argv, env and files ' +
    "the harness would use for a boot turn of seat sample-seat on http://127.0.0.1:8765 with the prompt '<prompt>'."

  static override examples = ['<%= config.bin %> harness show <name>', '<%= config.bin %> harness show <name> --json']
  static override args = {name: Args.string({description: 'the harness name (see agora harness list)', required: true})}

  async run(): Promise<HarnessShowResult> {
    const {args} = await this.parse(HarnessShow)
    const found = await discoverHarnesses(this.config)
    const match = found.find((h) => h.active && h.name === args.name) ?? found.find((h) => h.name === args.name)
    if (!match) {
      const names = [...new Set(found.filter((h) => h.active).map((h) => h.name))].sort()
      this.error(`no harness named '${args.name}' is installed; installed: ${names.join(', ') || 'none'} (agora harness list shows all)`, {exit: ExitCode.Refused})
    }
    if (!match.declaration) this.error(`the '${args.name}' harness plugin ${match.plugin.name} is invalid: ${match.problems.join('; ')}`, {exit: ExitCode.Refused})
    const decl = match.declaration
    const {buildCommand, ...data} = decl
    const input = sampleTurnInput({
      seat: SAMPLE_SEAT,
      mcp: {command: 'agora-mcp', args: [], env: mcpBindingEnv(SAMPLE_SEAT)},
      workspace: process.cwd(),
      paths: {pluginRoot: match.plugin.root, stateDir: `${SAMPLE_SEAT.home}/harness-state/sample-seat`},
    })
    const command = buildCommand(prepareTurn(decl, input))
    const result: HarnessShowResult = {
      name: decl.name,
      plugin: {name: match.plugin.name, version: match.plugin.version, source: match.plugin.type, root: match.plugin.root},
      declaration: data,
      sample: {seat: SAMPLE_SEAT.agentId, url: SAMPLE_SEAT.url, prompt: input.prompt, command},
    }
    this.log(`${decl.name} — ${decl.summary}`)
    this.log(`  plugin      ${match.plugin.name} ${match.plugin.version} (${match.plugin.type})`)
    this.log(`  binary      ${decl.binary}   contract ${decl.contract}   transport ${transportOf(decl)}`)
    this.log(`  supports    ${decl.supports.join(', ')}${decl.advisory.length ? `   advisory: ${decl.advisory.join(', ')}` : ''}`)
    this.log(`  unmet       ${decl.unmet.join(', ') || 'none'}`)
    this.log(`  permissions ${decl.permissions.vocab.join('|')} (default ${decl.permissions.default ?? 'write'})`)
    if (decl.reasoningVocab.length) this.log(`  reasoning   ${decl.reasoningVocab.join('|')}`)
    this.log(`  continuity  ${decl.continuity}   tool reach ${decl.toolReach}   identity ${decl.identityScope}`)
    this.log(`  evidence    ${decl.evidence?.summary ?? 'none (exit code only)'}`)
    this.log('')
    this.log(`sample turn (seat ${SAMPLE_SEAT.agentId}, ${SAMPLE_SEAT.url}):`)
    this.log(`  ${command.argv.map(quote).join(' ')}`)
    for (const [key, value] of Object.entries(command.env)) this.log(`  env ${key}=${quote(value)}`)
    for (const file of command.files ?? []) this.log(`  file ${file.path} (${file.content.length} bytes)`)
    if (command.session) {
      const {session} = command
      this.log(`  session/${session.resumeSessionId ? 'load' : 'new'} cwd=${session.cwd} mcpServers=${session.mcpServers.map((m) => `${m.name}:${m.command}`).join(',')}`)
      if (session.modeId) this.log(`  session/set_mode ${session.modeId}`)
      if (session.modelId) this.log(`  session/set_model ${session.modelId}`)
      for (const option of session.configOptions) this.log(`  session/set_config_option ${option.configId}=${option.value}`)
      this.log(`  permission requests answered at level ${session.permissions}`)
    }
    return result
  }
}
