import {turnRunner} from '../drive/turn-runner.js'
import type {RunTurn, TurnRunnerConfig} from '../drive/turn-runner.js'
import type {SessionStore} from '../drive/sessions.js'
import {runnerEvidence} from './drive-runner.js'
import {readPane} from './pane-reader.js'
import type {PaneStream} from './pane-reader.js'
import {paneTurns} from './pane-turns.js'
import type {OpenRigRunner} from './runner.js'
import {TurnGate} from './turn-gate.js'

export interface RigTurnsOptions {
  /** The pane (stdin under OpenRig); absent: hub wakes only. */
  pane?: PaneStream
  sessions: SessionStore
  /** A pane message's turn budget (the reception timeout). */
  timeoutS: number
  out(line: string): void
  /** Raw bytes to the pane (bracketed paste on/off). */
  write(text: string): void
  signal?: AbortSignal
  interrupt(): void
}

/**
 * The runner's turns: hub wakes (the driver's `runTurn`) and pane messages share one queue, each
 * turn under the OpenRig activity wrapper with its own cancel, tool starts and refused permissions
 * read from its evidence as they happen.
 */
export function rigTurns(base: TurnRunnerConfig, rig: OpenRigRunner, options: RigTurnsOptions): {runTurn: RunTurn; close(): Promise<void>} {
  const gate = new TurnGate(options.signal)
  const once = (signal: AbortSignal): RunTurn => rig.wrap(turnRunner({...base, signal, onEvidence: runnerEvidence(base.decl.evidence, rig)}), signal)
  const pane = paneTurns({gate, run: (request, signal) => once(signal)(request), sessions: options.sessions, timeoutS: options.timeoutS, out: options.out, interrupt: options.interrupt})
  const stopReading = options.pane ? readPane(options.pane, options.write, (event) => pane.onEvent(event)) : () => {}
  return {
    runTurn: (request) => gate.exclusive((signal) => once(signal)(request)),
    close: async () => {
      stopReading()
      await pane.settled()
    },
  }
}
