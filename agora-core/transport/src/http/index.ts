import type {TurnTransport} from '@agora/contract'
import {probeOrcaWorker} from './probe.js'
import {HTTP_TURN_MAX_S, runHttpTurn} from './run-turn.js'

/** Orca Harness Protocol v1 over HTTP: one `POST /run` per turn. */
export const httpTransport: TurnTransport = {name: 'http', runTurn: runHttpTurn, probe: probeOrcaWorker, longestTurnS: HTTP_TURN_MAX_S}
