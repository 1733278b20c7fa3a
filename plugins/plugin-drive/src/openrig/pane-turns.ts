import type {SessionStore} from '../drive/sessions.js'
import type {TurnOutcome, TurnRequest} from '../drive/turn-runner.js'
import type {PaneEvent} from './pane-input.js'
import type {TurnGate} from './turn-gate.js'

export interface PaneTurnsConfig {
  gate: TurnGate
  /** One turn under the runner (activity posted), ended early by `signal`. */
  run(request: TurnRequest, signal: AbortSignal): Promise<TurnOutcome>
  sessions: SessionStore
  timeoutS: number
  out(line: string): void
  /** Stop the runner: a second Ctrl-C while no turn runs. */
  interrupt(): void
  now?: () => number
}

const DOUBLE_CTRL_C_MS = 2000

/**
 * What the pane's blocks do. A message is one prompt, run as its own turn in the seat's reception
 * conversation (so the seat answers with what it already knows); mid-turn it waits its turn and is
 * reported as queued, never as steering. `/abort` or Ctrl-C cancels the running turn.
 */
export function paneTurns(config: PaneTurnsConfig): {onEvent(event: PaneEvent): void; settled(): Promise<void>} {
  const now = config.now ?? Date.now
  let lastIdleCtrlC = -Infinity
  let pending: Promise<unknown> = Promise.resolve()
  const say = (text: string) => config.out(`[agora-runner] ${text}`)
  const prompt = (text: string): void => {
    const [head = '', ...more] = text.split('\n')
    config.out(`you ▸ ${head.slice(0, 200)}${more.length > 0 ? ` (+${more.length} lines)` : ''}`)
    if (config.gate.busy) say('queued: a turn is running; this message is the next prompt once it ends')
    const turn = config.gate.exclusive(async (signal) => {
      const sessionId = config.sessions.get('reception')
      const outcome = await config.run({lane: 'reception', kind: 'work', prompt: text, sessionId, timeoutS: config.timeoutS}, signal)
      const {verdict} = outcome
      // A person's message need not touch the hub: a clean turn without an agora tool call is still a clean turn.
      const quiet = !verdict.ok && verdict.stage === 'mcp-use'
      if (verdict.ok || quiet) {
        const next = verdict.sessionId ?? outcome.sessionId ?? sessionId
        if (next) config.sessions.set('reception', next)
      }
      say(signal.aborted ? 'turn cancelled' : verdict.ok ? 'turn ended ok' : quiet ? 'turn ended ok (no agora tool used)' : `turn ended with an error: ${verdict.stage}/${verdict.reason}`)
    })
    pending = Promise.all([pending, turn.catch((error: unknown) => say(`turn failed: ${(error as Error).message}`))])
  }
  return {
    onEvent(event) {
      if (event.kind === 'prompt') return prompt(event.text)
      if (event.kind === 'refused') return say(`refused: ${event.reason}`)
      if (config.gate.cancel()) return say(`cancel requested (${event.via}); the turn reads cancelled once it stops`)
      if (event.via === '/abort') return say('no turn is running: nothing to abort')
      if (now() - lastIdleCtrlC < DOUBLE_CTRL_C_MS) return config.interrupt()
      lastIdleCtrlC = now()
      say('no turn is running; Ctrl-C again within 2 s stops the runner')
    },
    settled: () => pending.then(() => undefined),
  }
}
