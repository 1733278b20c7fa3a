// The hub's own process: `agora up` resolves and checks its settings inside oclif, then starts this
// script with plain `node` so the long-running hub carries no CLI framework or plugin manifests.
// argv[2] is the resolved UpSettings as JSON (no secrets: the admin key stays in config.json).
import {readyLine, startUp} from './up.js'
import type {Hub} from '@agora/hub'
import type {UpSettings} from './up.js'

/** A failure to start, worded like the CLI's other errors; the exit code tells the parent what happened. */
function fail(message: string, code: number): never {
  process.stderr.write(` ›   Error: ${message}\n`)
  process.exit(code)
}

const raw = process.argv[2]
if (!raw) fail('serve.js expects the resolved settings as JSON; start the hub with `agora up`', 2)
const settings = JSON.parse(raw) as UpSettings

// Handlers go in before the ready line: a signal sent the moment it is read must never find none (default death).
// Ctrl-C reaches both this process and the `agora up` parent, which also forwards it: stop once, ignore repeats.
let hub: Hub | undefined
let stopping = false
const stop = (): void => {
  if (stopping) return
  stopping = true
  if (!hub) process.exit(0)
  hub.close().then(() => {
    process.stdout.write('agora hub stopped\n', () => process.exit(0))
  }, (err: Error) => fail(`agora hub did not stop cleanly: ${err.message}`, 1))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

try {
  ({hub} = await startUp(settings))
} catch (err) {
  const e = err as NodeJS.ErrnoException
  if (e.code === 'EADDRINUSE') fail(`${settings.host}:${settings.port} is already in use; stop the other hub or pass --port 0 (or another port)`, 1)
  if (e.code === 'EACCES') fail(`not allowed to bind ${settings.host}:${settings.port}; use a port above 1024`, 1)
  fail(`agora hub could not start: ${e.message}`, 1)
}
if (stopping) {
  stopping = false
  stop()
} else {
  process.stdout.write(readyLine(hub) + '\n')
}
