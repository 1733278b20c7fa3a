import {connectAsSeat} from '@agora/client'

import {resolveAgentOptions, type RunAgentOptions} from './options.js'
import {AgentRunner} from './runner.js'

/**
 * Put a handler on a hub as a seat: resolve the key, resume, follow the socket, and stop cleanly
 * on SIGINT/SIGTERM. Resolves once the runner is listening; `await runner.done` to block.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRunner> {
  const resolved = resolveAgentOptions(options)
  const client = options.client ?? (await connectAsSeat({url: resolved.url, agentId: resolved.seat, home: options.home, env: options.env})).client
  const runner = new AgentRunner(resolved, client)
  await runner.start()
  const release = (): void => { for (const signal of resolved.stopOn) process.off(signal, onSignal) }
  let signalled = false
  const onSignal = (signal: NodeJS.Signals): void => {
    if (signalled) {
      // A second signal means "now": give the process its default handling back and re-raise.
      resolved.logger({level: 'warn', event: 'signal', signal, detail: 'second signal: exiting without waiting for the handler in flight'})
      release()
      process.kill(process.pid, signal)
      return
    }
    signalled = true
    resolved.logger({level: 'info', event: 'signal', signal, detail: 'stopping: the in-flight handler finishes or times out, then the cursor is saved'})
    void runner.stop()
  }
  for (const signal of resolved.stopOn) process.on(signal, onSignal)
  void runner.done.then(release)
  return runner
}
