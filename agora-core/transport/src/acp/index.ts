import type {TurnTransport} from '@agora/contract'
import {probeAcpAgent} from './probe.js'
import {ACP_TIMINGS, runAcpTurn} from './run-turn.js'
import type {AcpTimings} from './run-turn.js'

/** The Agent Client Protocol over the agent's stdio, on @agentclientprotocol/sdk. */
export function acpTransport(timings: AcpTimings = ACP_TIMINGS): TurnTransport {
  return {name: 'acp', runTurn: (turn) => runAcpTurn(turn, timings), probe: probeAcpAgent}
}
