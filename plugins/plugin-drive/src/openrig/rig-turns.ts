import {AssistantText} from '@agora/contract'

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
  // Each turn's evidence feeds the activity posts and the pane's mirror of the model's last message.
  const once = (signal: AbortSignal): RunTurn => async (request) => {
    const activity = runnerEvidence(base.decl.evidence, rig)
    const words = new AssistantText(base.decl.evidence)
    const onEvidence = (line: string): void => {
      activity(line)
      words.line(line)
    }
    const outcome = await rig.wrap(turnRunner({...base, signal, onEvidence}), signal)(request)
    if (words.final !== null) options.out(mirror(words.final))
    return outcome
  }
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

/** The model's last message in the pane: `agent ▸ ` on its first line, the rest indented under it. */
export function mirror(text: string): string {
  return `agent ▸ ${text.trim().split('\n').join('\n        ')}`
}
