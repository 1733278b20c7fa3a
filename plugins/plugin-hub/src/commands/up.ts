import {AgoraCommand, ExitCode} from '@agora/command'
import {Flags} from '@oclif/core'
import {runHub, UpUsageError} from '../launch.js'
import {resolveUpSettings, UP_FLAGS} from '../settings.js'

const text = (name: keyof typeof UP_FLAGS) => Flags.string({description: UP_FLAGS[name].description})
const {port} = UP_FLAGS

// `agora up` normally runs without oclif (bin/run.js → runUp, so oclif's plugin loading does not stay resident
// beside the hub); this class gives it help and runs it when oclif does.
export default class Up extends AgoraCommand {
  static override description = `Run the agora hub in the foreground.

The first run creates AGORA_HOME (default ~/.agora, mode 0700) with config.json (0600) holding the hub url, a fresh admin key and the database path; later runs reuse them. Env: AGORA_HOST, AGORA_PORT, AGORA_DB, AGORA_HOME, AGORA_RATE_PER_MINUTE (60), AGORA_WRITE_RATE_PER_MINUTE (fs and store writes, 120, burst 40), AGORA_TO_CLOSE_MIN_AGE (300 s). The hub serves in the agora process itself. AGORA_HUB_NODE_OPTIONS starts it instead in one child node process under those node/V8 flags, e.g. '--max-semi-space-size=1' to trade ~60 MB of memory for ~40% more CPU per /owed and /inbox. Stops cleanly on SIGINT or SIGTERM, and when the process that launched it (npx, a wrapper) dies; AGORA_STOP_WITH_PARENT=0 keeps it serving instead.`

  static override examples = ['<%= config.bin %> up', '<%= config.bin %> up --port 0 --home /tmp/agora-test']

  // no --json: a foreground server that runs until a signal
  static override enableJsonFlag = false

  static override flags = {
    host: text('host'),
    port: Flags.integer({description: port.description, min: port.min, max: port.max}),
    db: text('db'),
    home: text('home'),
    'notify-dir': text('notify-dir'),
  }

  async run(): Promise<void> {
    const {flags: parsed} = await this.parse(Up)
    try {
      process.exitCode = await runHub(resolveUpSettings(parsed))
    } catch (err) {
      this.error((err as Error).message, {exit: err instanceof UpUsageError ? err.exitCode : ExitCode.Refused})
    }
  }
}
