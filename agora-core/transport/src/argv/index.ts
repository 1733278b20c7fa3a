import type {TurnTransport} from '@agora/contract'
import {spawnTurn} from './spawn-turn.js'

/** Today's harness: a process built from argv, stdin closed, whose stdout is the evidence. */
export const argvTransport: TurnTransport = {
  name: 'argv',
  runTurn: (turn) => spawnTurn({argv: turn.argv, env: turn.env, cwd: turn.cwd, timeoutMs: turn.timeoutMs, signal: turn.signal, onLine: turn.onLine}),
  async probe(launch) {
    const run = await spawnTurn(launch)
    const problem = run.spawnError ?? (run.timedOut ? `did not terminate within ${Math.round(launch.timeoutMs / 1000)}s with stdin closed` : null)
    return {ended: problem === null, problem, exitCode: run.exitCode, timedOut: run.timedOut, spawnError: run.spawnError, durationMs: run.durationMs, facts: {}}
  },
}
