import {Command, Flags} from '@oclif/core'
import {spawn} from 'node:child_process'
import {constants as osConstants} from 'node:os'
import {hubCommand, resolveUpSettings} from '../settings.js'

export default class Up extends Command {
  static description = `Run the agora hub in the foreground.

The first run creates AGORA_HOME (default ~/.agora, mode 0700) with config.json (0600) holding the
hub url, a fresh admin key and the database path; later runs reuse them. Env: AGORA_HOST,
AGORA_PORT, AGORA_DB, AGORA_HOME, AGORA_RATE_PER_MINUTE (60), AGORA_TO_CLOSE_MIN_AGE (300 s).
The hub runs in its own lean node process; AGORA_HUB_NODE_OPTIONS passes node/V8 flags to it,
e.g. '--max-semi-space-size=1' to trade ~60 MB of memory for ~40% more CPU per /owed and /inbox.
Stops cleanly on SIGINT or SIGTERM.`

  static examples = ['<%= config.bin %> up', '<%= config.bin %> up --port 0 --home /tmp/agora-test']

  static flags = {
    host: Flags.string({description: 'interface to bind (default 127.0.0.1; env AGORA_HOST)'}),
    port: Flags.integer({description: 'TCP port, 0 picks a free one (default 8765; env AGORA_PORT)', min: 0, max: 65535}),
    db: Flags.string({description: 'SQLite database file (default <home>/agora.db; env AGORA_DB)'}),
    home: Flags.string({description: 'agora home directory (default ~/.agora; env AGORA_HOME)'}),
    'notify-dir': Flags.string({description: "where per-seat notify files go (default: the home); '' disables them"}),
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(Up)
    let hub
    try {
      hub = hubCommand(resolveUpSettings(flags))
    } catch (err) {
      this.error((err as Error).message, {exit: 2})
    }
    // The hub serves from its own lean node process (no oclif, no plugin manifests); this one only waits.
    const child = spawn(hub.command, hub.args, {stdio: 'inherit'})
    const forward = (signal: NodeJS.Signals): void => { child.kill(signal) }
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.once('error', reject)
      child.once('exit', (c, s) => resolve([c, s]))
    }).finally(() => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
    })
    // Node exits 9 ("Invalid Argument") before running any code when one of its options is unknown.
    if (code === 9 && process.env.AGORA_HUB_NODE_OPTIONS?.trim()) {
      this.error(`node refused AGORA_HUB_NODE_OPTIONS='${process.env.AGORA_HUB_NODE_OPTIONS.trim()}' (see the line above); use flags \`node --v8-options\` lists, or unset it`, {exit: 2})
    }
    if (signal) process.exitCode = 128 + (osConstants.signals[signal] ?? 0)
    else if (code) process.exitCode = code
  }
}
