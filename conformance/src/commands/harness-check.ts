import {resolve} from 'node:path'
import {AgoraCommand, ExitCode} from '@agora/command'
import {Args, Flags} from '@oclif/core'
import {discoverHarnesses, mcpBindingEnv} from '@agora/contract'
import {adminKeyFor, keysPath, lookupKey, normalizeUrl, readSeatRecord, resolveHome, resolveSeat} from '@agora/home'
import {checkHarness} from '../check.js'
import {resolveMcpCommand} from '../mcp-command.js'
import {otherSeatCredentials, presenceReader, realPorts} from '../ports.js'
import {matrixOf, renderMatrix, type HarnessCheckMatrix} from '../render-matrix.js'
import {colourFor} from '../colour.js'
import {progressLine} from '../progress-line.js'
import {renderText} from '../render-text.js'
import type {HarnessCheckReport} from '../types.js'
import {exitCodeOf} from '../verdict.js'
import {reportToHub} from '../report-to-hub.js'

/** One name: that report (the pinned schema). Several names or --all: every report and one verdict. */
export type HarnessCheckResult = HarnessCheckReport | HarnessCheckMatrix

export default class HarnessCheck extends AgoraCommand {
  static override summary = 'Check installed harness plugins against the agora harness contract (probes C0–C10; C10 is the lease gate).'
  static override description = 'Exit 0 when the harness can carry a driven seat (possibly with named limitations), 1 when it cannot. ' +
    'Several names, or --all, check each in turn, print a matrix summary and exit 1 if any is not drivable. ' +
    'The workspace is the folder the command runs in (or --workspace); C4/C5 read the config `agora setup` wrote there.'
  static override examples = [
    '<%= config.bin %> harness-check <harness>',
    '<%= config.bin %> harness-check <harness> --json',
    '<%= config.bin %> harness-check <harness> --live --as my-seat',
    '<%= config.bin %> harness-check <harness> <harness> --json',
    '<%= config.bin %> harness-check --all',
    '<%= config.bin %> harness-check <harness> --as my-seat --report-to-hub',
  ]
  static override aliases = ['harness:check']
  static override strict = false
  static override args = {harness: Args.string({description: 'the harness name(s), as `agora harness list` shows them'})}
  static override flags = {
    all: Flags.boolean({description: 'check every active harness `agora harness list` shows', default: false}),
    as: Flags.string({description: 'seat id the turn acts as (default: $AGORA_AGENT_ID, then this folder\'s seat record)'}),
    url: Flags.string({description: 'hub URL (default: $AGORA_URL, this folder\'s seat record, config.json, http://127.0.0.1:8765)'}),
    live: Flags.boolean({description: 'C9: run one real turn (one model call) and judge it', default: false}),
    workspace: Flags.string({description: 'the workspace folder (default: the current folder)'}),
    model: Flags.string({description: 'model for the live turn (a drive request knob; refused if the harness cannot express it)'}),
    provider: Flags.string({description: 'provider for the live turn (a drive request knob; refused if the harness cannot express it)'}),
    'probe-timeout': Flags.integer({description: 'C2: seconds the probe argv gets to terminate', default: 20, min: 1}),
    'report-to-hub': Flags.boolean({description: 'store each report in commons\' store as the seat (--as), for the web desk\'s Harness matrix (`agora ui`)', default: false}),
    'live-timeout': Flags.integer({description: 'C9: seconds the live turn gets (needs --live) [default: 300]', min: 1}),
  }

  async run(): Promise<HarnessCheckResult> {
    const {argv, flags} = await this.parse(HarnessCheck)
    const names = argv as string[]
    if (flags.all && names.length > 0) this.error(`--all checks every harness: run \`agora harness-check --all\`, or name them without --all`, {exit: ExitCode.Refused})
    if (!flags.all && names.length === 0) this.error('name a harness (`agora harness list` shows them), or pass --all', {exit: ExitCode.Refused})
    const liveOnly = (['model', 'provider', 'live-timeout'] as const).filter((name) => flags[name] !== undefined)
    if (!flags.live && liveOnly.length > 0) {
      this.error(`${liveOnly.map((name) => `--${name}`).join(', ')} ${liveOnly.length > 1 ? 'only shape' : 'only shapes'} the live turn: add --live, or drop ${liveOnly.length > 1 ? 'them' : 'it'}`, {exit: ExitCode.Refused})
    }
    const env = process.env
    const workspace = resolve(flags.workspace ?? process.cwd())
    const home = resolveHome(env)
    const resolved = resolveSeat({as: flags.as, url: flags.url}, {env, cwd: workspace, home})
    const agentId = resolved.agentId ?? 'harness-check'
    const about = safeAbout(workspace)
    const seat = {agentId, url: resolved.url, home, about}
    const mcp = {command: await resolveMcpCommand(this.config.root, this.config.pjson.bin, env), args: [], env: mcpBindingEnv(seat)}
    const discovered = await discoverHarnesses(this.config)
    const key = lookupKey(home, resolved.url, agentId)
    if (flags['report-to-hub'] && !resolved.agentId) {
      this.error(`--report-to-hub stores the report as a seat: name one with --as (its key cached by \`agora register\`)`, {exit: ExitCode.Refused})
    }
    if (flags['report-to-hub'] && !key) {
      this.error(`--report-to-hub stores the report as ${agentId}, whose key for ${resolved.url} is not in ${keysPath(home)}: register the seat (\`agora register ${agentId}\`) or pipe its key into \`agora seed-key ${agentId}\``, {exit: ExitCode.Refused})
    }
    const upload = async (report: HarnessCheckReport): Promise<void> => {
      if (!flags['report-to-hub']) return
      const stored = await reportToHub(resolved.url, key!, agentId, report)
      process.stderr.write(`reported ${report.harness} to ${resolved.url} (commons store ${stored})\n`)
    }
    const adminKey = adminKeyFor(home, resolved.url, env)
    const readers = [...(adminKey ? [{label: 'the admin key', key: adminKey}] : []), ...(await otherSeatCredentials(keysPath(home), normalizeUrl(resolved.url), agentId))]
    const hub = presenceReader(resolved.url, readers)
    const progressStream = this.jsonEnabled() ? {write: () => true} : process.stderr
    const paint = colourFor(process.stdout)
    const targets = flags.all ? [...new Set(discovered.filter((h) => h.active).map((h) => h.name))] : names
    if (targets.length === 0) this.error('no harness plugin is installed: `agora plugins install <plugin>`, then `agora harness list`', {exit: ExitCode.Refused})
    const checkOne = (harness: string) => checkHarness({
      harness,
      discovered,
      workspace,
      seat,
      mcp,
      agoraVersion: this.config.version,
      live: flags.live,
      liveRequest: {...(flags.model ? {model: flags.model} : {}), ...(flags.provider ? {provider: flags.provider} : {})},
      env,
      knownSecrets: key ? [key] : [],
      ports: realPorts(env, hub),
      timeouts: {probeMs: flags['probe-timeout'] * 1000, liveMs: (flags['live-timeout'] ?? 300) * 1000},
      progress: progressLine(progressStream, harness),
    })
    const [only] = targets
    if (targets.length === 1 && only !== undefined) {
      const report = await checkOne(only)
      await upload(report)
      if (!this.jsonEnabled()) this.log(renderText(report, paint))
      process.exitCode = exitCodeOf(report)
      return report
    }
    const reports: HarnessCheckReport[] = []
    for (const harness of targets) {
      const report = await checkOne(harness)
      await upload(report)
      if (!this.jsonEnabled()) this.log(renderText(report, paint) + '\n')
      reports.push(report)
    }
    const matrix = matrixOf(reports)
    if (!this.jsonEnabled()) this.log(renderMatrix(matrix))
    process.exitCode = matrix.drivable ? ExitCode.Ok : ExitCode.Failed
    return matrix
  }
}

function safeAbout(workspace: string): string {
  try {
    return readSeatRecord(workspace)?.about ?? ''
  } catch {
    return ''
  }
}
