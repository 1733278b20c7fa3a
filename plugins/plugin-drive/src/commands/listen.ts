import {AgoraCommand, ExitCode} from '@agora/command'
import {Flags} from '@oclif/core'

import {httpHub} from '../hub-port.js'
import {runListen} from '../listen/run-listen.js'
import type {ListenSource} from '../listen/run-listen.js'
import {openWsSource} from '../listen/ws-source.js'
import {receptionSeat} from '../seat-context.js'
import {insideTurn} from '../turn-marker.js'

export default class Listen extends AgoraCommand {
  static override summary = 'Block until mail for this seat arrives, then print one AGORA_WAKE line'
  static override description = `Prints machine-only sentinels on stdout: AGORA_LISTEN armed|heartbeat|ended and AGORA_WAKE (identifiers only, never content). Exit codes: 2 wake; 0 quiet (max-wait, already armed, a driver owns reception, inside a driven or checked turn, signal); 1 no identity or no notify file.`

  // no --json: stdout is the AGORA_LISTEN/AGORA_WAKE sentinel protocol a harness loop parses, and the exit code is the wake
  static override enableJsonFlag = false

  static override flags = {
    as: Flags.string({description: 'seat id (default: $AGORA_AGENT_ID, then .agora/seat.json)'}),
    url: Flags.string({description: 'hub URL'}),
    home: Flags.string({description: 'AGORA_HOME for this process and its children'}),
    source: Flags.string({options: ['auto', 'file', 'ws'], default: 'auto', description: 'file tails the hub notify file; ws subscribes to the hub'}),
    once: Flags.boolean({description: 'exit after the first wake (exit 2), checking /owed backlog first'}),
    'important-only': Flags.boolean({description: 'wake only for mail that names this seat, is urgent, or asks the room'}),
    'max-wait': Flags.integer({min: 0, description: 'seconds before a quiet exit 0'}),
    debounce: Flags.string({default: '15', description: 'seconds a burst is gathered into one wake'}),
    lock: Flags.string({description: 'lock file path (persistent listeners lock listen-<id>.lock by default)'}),
    heartbeat: Flags.integer({min: 1, default: 300, description: 'seconds between heartbeat lines'}),
    adaptive: Flags.boolean({
      description: 'with --once: wait 60 s, doubling after each quiet run up to --max-wait (default 1200), back to 60 s after a wake; state in listen-<id>.backoff',
    }),
  }

  async run(): Promise<void> {
    const {flags} = await this.parse(Listen)
    if (flags.adaptive && !flags.once) {
      this.logToStderr('agora listen: --adaptive grows the wait window between --once runs; a persistent listener has no window to adapt — add --once, or drop --adaptive and set --max-wait')
      this.exit(ExitCode.Failed)
    }
    if (insideTurn(process.env)) {
      // the driver (or the check) owns reception for this turn; an ear here would only hold the turn open
      this.log('AGORA_LISTEN ended reason=driven-turn')
      return
    }
    const seat = receptionSeat(flags)
    const debounce = Number(flags.debounce)
    if (!Number.isFinite(debounce) || debounce < 0) this.error(`--debounce must be a number of seconds ≥ 0, got '${flags.debounce}'`, {exit: ExitCode.Failed})
    if (!seat.agentId) {
      this.logToStderr('agora listen: no seat identity; pass --as <id>, set AGORA_AGENT_ID, or run in a folder wired by `agora setup <id>`')
      this.log('AGORA_LISTEN ended reason=no-identity')
      this.exit(ExitCode.Failed)
    }
    const controller = new AbortController()
    const stop = (): void => controller.abort()
    for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(sig, stop)
    const result = await runListen(
      {
        agentId: seat.agentId!,
        url: seat.url,
        home: seat.home,
        source: flags.source as ListenSource,
        once: flags.once,
        importantOnly: flags['important-only'],
        maxWaitS: flags['max-wait'] ?? null,
        debounceS: debounce,
        heartbeatS: flags.heartbeat,
        lock: flags.lock,
        adaptive: flags.adaptive,
      },
      {
        out: (line) => process.stdout.write(line + '\n'),
        err: (line) => process.stderr.write(line + '\n'),
        hub: httpHub({url: seat.url, agentId: seat.agentId!, home: seat.home}),
        openWs: openWsSource,
        signal: controller.signal,
      },
    )
    if (result.code !== ExitCode.Ok) this.exit(result.code)
  }
}
