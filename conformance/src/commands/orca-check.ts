import {AgoraCommand, ExitCode} from '@agora/command'
import {Args, Flags} from '@oclif/core'
import {renderOrcaText, runOrcaChecks} from '../orca/run-checks.js'
import type {OrcaReport} from '../orca/run-checks.js'

export default class OrcaCheck extends AgoraCommand {
  static override summary = 'Check any Orca Harness Protocol v1 worker against the protocol\'s wire rules (O1–O15)'
  static override description = 'Health, envelope refusals, the NDJSON run stream (one terminal, last), disconnects, state transfer and its cap, /models and 404s. ' +
    'One minimal run is sent (its prompt asks for one word and no tools), so a worker with a model spends one short turn. Exit 0 when every check passes, 1 when any fails, 2 on usage errors.'

  static override examples = [
    '<%= config.bin %> orca-check http://127.0.0.1:7099',
    '<%= config.bin %> orca-check http://127.0.0.1:7099 --json',
  ]

  static override args = {url: Args.string({required: true, description: 'the worker\'s base URL'})}

  static override flags = {
    // the shared --json (AgoraCommand), with the wording this command's help has always shown
    json: Flags.boolean({description: 'print the report as JSON', default: false}),
    timeout: Flags.integer({description: 'seconds each request other than /run may take', default: 10, min: 1}),
    'run-timeout': Flags.integer({description: 'seconds the minimal run may take', default: 300, min: 1}),
  }

  async run(): Promise<OrcaReport> {
    const {args, flags} = await this.parse(OrcaCheck)
    if (!/^https?:\/\/[^\s/]+/.test(args.url)) this.error(`'${args.url}' is not an http(s) URL; pass the worker's base URL, e.g. http://127.0.0.1:7099`, {exit: ExitCode.Refused})
    if (!this.jsonEnabled()) process.stderr.write(`checking ${args.url} (O1–O15; one minimal run)…\n`)
    const report = await runOrcaChecks(args.url, {timeoutMs: flags.timeout * 1000, runTimeoutMs: flags['run-timeout'] * 1000})
    this.log(renderOrcaText(report))
    process.exitCode = report.conformant ? ExitCode.Ok : ExitCode.Failed
    return report
  }
}
