import {Command, Flags} from '@oclif/core'
import {readyLine, resolveUpSettings, startUp} from '../up.js'

export default class Up extends Command {
  static description = `Run the agora hub in the foreground.

The first run creates AGORA_HOME (default ~/.agora, mode 0700) with config.json (0600) holding the
hub url, a fresh admin key and the database path; later runs reuse them. Env: AGORA_HOST,
AGORA_PORT, AGORA_DB, AGORA_HOME, AGORA_RATE_PER_MINUTE (60), AGORA_TO_CLOSE_MIN_AGE (300 s).
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
    let settings
    try {
      settings = resolveUpSettings(flags)
    } catch (err) {
      this.error((err as Error).message, {exit: 2})
    }
    let hub
    try {
      ({hub} = await startUp(settings))
    } catch (err) {
      const e = err as NodeJS.ErrnoException
      if (e.code === 'EADDRINUSE') this.error(`${settings.host}:${settings.port} is already in use; stop the other hub or pass --port 0 (or another port)`, {exit: 1})
      if (e.code === 'EACCES') this.error(`not allowed to bind ${settings.host}:${settings.port}; use a port above 1024`, {exit: 1})
      this.error(`agora hub could not start: ${e.message}`, {exit: 1})
    }
    this.log(readyLine(hub))
    await new Promise<void>(resolve => {
      const stop = (): void => {
        process.off('SIGINT', stop)
        process.off('SIGTERM', stop)
        hub.close().then(resolve, resolve)
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
    this.log('agora hub stopped')
  }
}
