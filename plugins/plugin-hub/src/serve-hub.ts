// Serving a hub until a signal stops it: the body of `agora up`, whether it runs in the `agora`
// process itself or in a child started with node/V8 flags (serve.ts). The hub owns the process.
import {trimWhenIdle} from './idle-trim.js'
import {watchParent} from './parent-watch.js'
import {readyLine, startUp} from './up.js'
import type {Hub} from '@agora/hub'
import type {UpSettings} from './settings.js'

/** A failure to start, worded like the CLI's other errors; the exit code tells a parent what happened. */
function fail(message: string, code: number): never {
  process.stderr.write(` ›   Error: ${message}\n`)
  process.exit(code)
}

/** Start the hub, print the ready line, and exit 0 after a clean stop on SIGINT, SIGTERM or its launcher's death. */
export async function serveHub(settings: UpSettings): Promise<void> {
  // Handlers go in before the ready line: a signal sent the moment it is read must never find none (default death).
  // Ctrl-C reaches every process of the group, and a waiting parent also forwards it: stop once, ignore repeats.
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
  if (settings.stopWithParent !== false) {
    watchParent((parent) => {
      process.stderr.write(`agora hub: its launcher (pid ${parent}) is gone; stopping\n`)
      stop()
    })
  }

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
    trimWhenIdle()
  }
}
