import type {Transport, TurnTransport} from '@agora/contract'
import {acpTransport} from './acp/index.js'
import {argvTransport} from './argv/index.js'
import {httpTransport} from './http/index.js'

export {argvTransport} from './argv/index.js'
export {spawnTurn} from './argv/spawn-turn.js'
export type {SpawnRequest, SpawnResult} from './argv/spawn-turn.js'
export {acpTransport} from './acp/index.js'
export {ACP_TIMINGS} from './acp/run-turn.js'
export type {AcpTimings} from './acp/run-turn.js'
export {allowedAt, answerPermission} from './acp/permission.js'
export {httpTransport} from './http/index.js'
export {ORCA_LINE_MAX, ORCA_STREAM_MAX} from './http/run-stream.js'
export {ORCA_STATE_MAX} from './http/state.js'

const TRANSPORTS: Record<Transport, TurnTransport> = {argv: argvTransport, acp: acpTransport(), http: httpTransport}

/** The transport that carries a declaration's turns (see the contract's `transportOf`). */
export function turnTransport(name: Transport): TurnTransport {
  return TRANSPORTS[name]
}
