import {DEFAULT_TRANSPORT} from './vocabulary.js'
import type {Transport} from './vocabulary.js'
import type {HarnessDeclaration, HttpRun, SessionSetup} from './declaration.js'

/** What starts the agent: argv[0] is the executable; env is complete (the caller scrubbed and merged it). */
export interface TurnLaunch {
  argv: string[]
  env: Record<string, string>
  cwd: string
  timeoutMs: number
}

/** One turn for a transport to carry: the launch, the prompt, and (for a session transport) its calls. */
export interface TransportTurn extends TurnLaunch {
  prompt: string
  /** The built command's session calls; required by a session transport, ignored by argv (whose argv holds the prompt). */
  session: SessionSetup | null
  /** Aborting (an operator interrupt) ends the turn at once. */
  signal?: AbortSignal
  /** Each evidence line as it is recorded (the flight recorder). */
  onLine?: (line: string) => void
  /** The run envelope's parts; required by transport `http`. */
  http?: HttpRun | null
}

/**
 * A finished turn: `stdout` is the evidence stream the declaration's `evidence` reads (argv: the
 * process's own stdout; acp: the transport's NDJSON record of the session), `stderr` the agent's.
 */
export interface TransportRun {
  stdout: string
  stderr: string
  exitCode: number | null
  timedOut: boolean
  /** The agent never started (binary missing, not executable). */
  spawnError: string | null
  durationMs: number
}

/** C2's question to a transport: does a launch end without an LLM call? `facts` is what it learned (capabilities). */
export interface TransportProbe {
  /** The launch ended by itself (argv: any exit; acp: `initialize` answered, then exit on stdin close). */
  ended: boolean
  /** One line for the report when it did not. */
  problem: string | null
  exitCode: number | null
  timedOut: boolean
  spawnError: string | null
  durationMs: number
  facts: Record<string, unknown>
}

/** How one turn is carried. The drive runner and the conformance probes call only this. */
export interface TurnTransport {
  readonly name: Transport
  /**
   * The longest turn, in seconds, this transport carries whole (absent: no bound of its own). The
   * http transport's worker reaches agora through a turn token, which the wire caps at 1800 s.
   */
  readonly longestTurnS?: number
  runTurn(turn: TransportTurn): Promise<TransportRun>
  probe(launch: TurnLaunch): Promise<TransportProbe>
}

/** The transport a declaration names, or the default one. */
export function transportOf(decl: Pick<HarnessDeclaration, 'transport'> | object): Transport {
  return (decl as Pick<HarnessDeclaration, 'transport'>).transport ?? DEFAULT_TRANSPORT
}
