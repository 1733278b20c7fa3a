import {AgoraCommand, ExitCode} from '@agora/command'
import {Flags} from '@oclif/core'
import {discoverHarnesses} from '@agora/contract'

import {DriveRefusal} from '../drive/arm.js'
import {runDrive} from '../drive/run-drive.js'
import {packagedSkillPath} from '../drive/skill.js'

export default class Drive extends AgoraCommand {
  static override summary = 'Run this folder\'s seat unattended: one bounded harness turn per wake'
  static override description = `Blocks on the hub and spawns one non-interactive turn of the wired harness per wake, with separate reception and work sessions. Every pass prints an AGORA_DRIVE line. Knobs the harness cannot express are refused before anything starts. Turn log: --turn-log records to AGORA_HOME/drive-<id>.turns.jsonl; --turn-log-path PATH records to PATH instead (oclif flags cannot take an optional value, so the bare flag and the path are two flags).`

  // no --json: a long-running loop whose stdout is one AGORA_DRIVE line per pass; its result is the exit code
  static override enableJsonFlag = false

  static override flags = {
    harness: Flags.string({description: 'harness plugin to drive (default: the folder\'s wired harness)'}),
    as: Flags.string({description: 'seat id (default: this folder\'s .agora/seat.json, then $AGORA_AGENT_ID)'}),
    url: Flags.string({description: 'hub URL'}),
    home: Flags.string({description: 'AGORA_HOME for this process and its turns'}),
    model: Flags.string({description: 'model for every turn'}),
    provider: Flags.string({description: 'provider, for harnesses that declare it'}),
    'reasoning-effort': Flags.string({description: 'reasoning effort, in the harness\'s own vocabulary'}),
    permissions: Flags.string({options: ['read', 'write', 'all'], description: 'what a turn may do (default: the harness\'s declared default, else write)'}),
    'harness-arg': Flags.string({multiple: true, description: 'KEY=VALUE passed to a harness that declares pass-through'}),
    'max-wait': Flags.integer({min: 1, default: 1200, description: 'seconds the listener blocks per pass'}),
    debounce: Flags.integer({min: 0, default: 15, description: 'seconds a burst of mail is gathered into one wake'}),
    'turn-budget': Flags.integer({min: 1, default: 250, description: 'reception turns per rolling hour'}),
    'work-budget': Flags.integer({min: 0, default: 100, description: 'work chunks per rolling hour'}),
    'reception-timeout': Flags.integer({min: 60, description: 'seconds before a reception turn is killed (default 3600, or the longest turn the harness\'s transport carries: 1740 for http)'}),
    'work-timeout': Flags.integer({min: 60, max: 3600, description: 'seconds before a work chunk is killed (default 3600, or the longest turn the harness\'s transport carries: 1740 for http)'}),
    'session-rotate': Flags.integer({min: 1, default: 25, description: 'turns before a lane starts a fresh session'}),
    'turn-log': Flags.boolean({description: 'record every turn (start, raw stdout, stderr, end) to AGORA_HOME/drive-<id>.turns.jsonl, 0600 and redacted'}),
    'turn-log-path': Flags.string({
      helpValue: 'PATH',
      description: 'record every turn to PATH instead (implies --turn-log); a relative PATH resolves in the workspace and is warned about, an unwritable one is warned about and the drive runs on without a log',
    }),
    force: Flags.boolean({description: 'arm even while a live session listener holds this seat'}),
    once: Flags.boolean({description: 'one reception turn, then exit 0 iff it ran and succeeded'}),
    openrig: Flags.boolean({description: 'run as an OpenRig runner: launch record to $OPENRIG_LAUNCH_RESULT, [agora-runner] READY/EXITED, turn activity to <base>/api/activity/hooks; each message sent to the pane (rig send) is one prompt, /abort or Ctrl-C cancels the running turn'}),
    'launch-id': Flags.string({description: 'the launch id OpenRig started this runner with (echoed in the launch record; needs --openrig)'}),
    'max-turns': Flags.integer({hidden: true, min: 1}),
    'backoff-base': Flags.integer({hidden: true, min: 1}),
    'backoff-ceiling': Flags.integer({hidden: true, min: 1}),
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(Drive)
    if (flags['launch-id'] && !flags.openrig) this.error('--launch-id is OpenRig\'s launch attempt: add --openrig, or drop it', {exit: ExitCode.Refused})
    // the turns it spawns inherit this home
    if (flags.home) process.env.AGORA_HOME = this.homeOf(flags)
    const controller = new AbortController()
    process.once('SIGINT', () => controller.abort())
    process.once('SIGTERM', () => controller.abort())
    const found = await discoverHarnesses(this.config)
    try {
      const exit = await runDrive(
        {
          harness: flags.harness, as: flags.as, url: flags.url, model: flags.model, provider: flags.provider, reasoningEffort: flags['reasoning-effort'],
          permissions: flags.permissions, harnessArg: flags['harness-arg'], force: flags.force, maxWait: flags['max-wait'], debounce: flags.debounce,
          turnBudget: flags['turn-budget'], workBudget: flags['work-budget'], receptionTimeout: flags['reception-timeout'], workTimeout: flags['work-timeout'],
          sessionRotate: flags['session-rotate'], turnLog: flags['turn-log'], turnLogPath: flags['turn-log-path'], once: flags.once, maxTurns: flags['max-turns'],
          backoffBase: flags['backoff-base'], backoffCeiling: flags['backoff-ceiling'],
          ...(flags.openrig ? {openrig: {launchId: flags['launch-id'] ?? null}} : {}),
        },
        {
          cwd: process.cwd(), home: this.homeOf(flags), env: process.env, found, agoraScript: process.argv[1], skillPath: packagedSkillPath(this.config.plugins.values()),
          out: (line) => process.stdout.write(line + '\n'), err: (line) => process.stderr.write(line + '\n'), signal: controller.signal,
          ...(flags.openrig ? {pane: process.stdin, interrupt: () => controller.abort()} : {}),
        },
      )
      if (exit.code !== ExitCode.Ok) this.exit(exit.code)
    } catch (error) {
      if (!(error instanceof DriveRefusal)) throw error
      this.logToStderr(`agora drive: ${error.message}`)
      this.exit(ExitCode.Refused)
    }
  }
}
