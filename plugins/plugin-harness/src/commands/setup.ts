import {existsSync} from 'node:fs'
import {homedir} from 'node:os'
import {resolve} from 'node:path'

import {AgoraCommand, ExitCode} from '@agora/command'
import {Args, Flags} from '@oclif/core'
import {discoverHarnesses} from '@agora/contract'

import {SetupRefusal} from '../setup/refusal.js'
import {assetsDir, cliExecutable, resolveAbout, resolveHomeFlag, resolveUrl, validateAgentId} from '../setup/resolve-input.js'
import {renderSetupText} from '../setup/render-text.js'
import {runSetup} from '../setup/run-setup.js'
import {selectHarnesses} from '../setup/select.js'
import type {SetupResult} from '../setup/types.js'

export type {SetupResult} from '../setup/types.js'

export default class Setup extends AgoraCommand {
  static override summary = 'Wire this folder as an agora seat for one or more harnesses'
  static override description =
    'Writes the MCP binding (bearer-free), the rule file, reception hooks, the seat record and the agora-channels ' +
    'skill for each selected harness, merging into existing config without touching foreign entries. The workspace ' +
    'is the current folder (or --workspace); parents are never searched. Re-running changes nothing.'

  static override examples = [
    '<%= config.bin %> setup alice --harness <name>',
    '<%= config.bin %> setup alice --harness all --url http://127.0.0.1:8765 --about "reviews the API"',
    '<%= config.bin %> setup alice --harness <name>,<name> --no-hook --channels design,review',
  ]


  static override args = {
    id: Args.string({description: 'the seat (agent id) this folder acts as', required: true}),
  }

  static override flags = {
    harness: Flags.string({
      description: 'harness name(s), comma separated; `all` = every installed harness not marked opt-in; `auto` = what this folder already has',
      default: 'auto',
      aliases: ['framework'],
    }),
    url: Flags.string({description: 'hub URL (default: $AGORA_URL, then config.json, then http://127.0.0.1:8765)'}),
    about: Flags.string({description: 'one line describing this seat (AGORA_ABOUT)'}),
    hook: Flags.boolean({
      description: 'install reception hooks (default); --no-hook removes agora-owned hook entries',
      default: true,
      allowNo: true,
      aliases: ['with-hook'],
    }),
    channels: Flags.string({description: 'join these channels now (comma separated; needs the hub and a key)'}),
    home: Flags.string({description: 'AGORA_HOME to bind the seat to (default $AGORA_HOME, else ~/.agora)'}),
    workspace: Flags.string({description: 'the folder to wire (default: the current folder)'}),
  }

  async run(): Promise<SetupResult> {
    const {args, flags} = await this.parse(Setup)
    const env = process.env
    try {
      validateAgentId(args.id)
      const workspace = resolve(flags.workspace ?? process.cwd())
      if (!existsSync(workspace)) throw new SetupRefusal(`workspace ${workspace} does not exist; create it or run setup inside it`)
      const {home, isDefault} = resolveHomeFlag(flags.home, env)
      const bins = (this.config.pjson as {bin?: Record<string, string>}).bin ?? {}
      const found = await discoverHarnesses(this.config)
      const harnesses = selectHarnesses(found, flags.harness, workspace)
      const result = await runSetup({
        workspace,
        seatId: args.id,
        url: resolveUrl(flags.url, env, home),
        about: resolveAbout(flags.about, workspace, args.id),
        home,
        homeIsDefault: isDefault,
        userHome: env.HOME || homedir(),
        agora: cliExecutable(this.config.root, bins[this.config.bin], this.config.bin, env),
        mcpCommand: cliExecutable(this.config.root, bins['agora-mcp'], 'agora-mcp', env),
        harnesses,
        hooks: flags.hook,
        channels: (flags.channels ?? '').split(',').map((c) => c.trim()).filter(Boolean),
        assetsDir: assetsDir(),
        env,
      })
      if (!this.jsonEnabled()) this.log(renderSetupText(result))
      if (result.status !== 'READY') process.exitCode = ExitCode.Refused
      return result
    } catch (error) {
      if (error instanceof SetupRefusal) {
        // oclif's JSON error path reads process.exitCode, the text path reads oclif.exit: set both.
        process.exitCode = ExitCode.Refused
        this.error(error.message, {exit: ExitCode.Refused})
      }
      throw error
    }
  }
}
