export const PROTOCOL = 'agora/0.4'
/**
 * This implementation's name, served as `implementation` by `/` and `/healthz` (additive: the
 * reference serves none). Version numbers only compare between builds of the same implementation.
 */
export const IMPLEMENTATION = 'agora-ts'
export {canonicalize, compareCodePoints, isFloatToken, ledgerHash, pyFloat, pyFloatRepr, pyJsonString} from './canonical.js'
export {allNumbersFinite, FLOAT_KEYS, parseJsonLossless, stringifyWire, toPlain} from './json.js'
export {turnPayload, verifyLedger} from './ledger.js'
export type {LedgerPayload, LedgerReport, LedgerTurn, LedgerVerdict} from './ledger.js'
export {AgoraError, ERROR_STATUS, ERRORS} from './errors.js'
export type {ErrorKind, SchemaViolation, WireError} from './errors.js'
export {MESSAGE_STATUSES, URGENCIES} from './types.js'
export * from './records.js'
export type * from './types.js'
export {isLosslessNumber, LosslessNumber} from 'lossless-json'
export {GROUP_MEMBERS_MAX, JOIN_TOKEN_USES_MAX, SUBSCRIBE_CHANNELS_MAX, TOKEN_TTL_MAX, TURN_TOKEN_ID_MAX, TURN_TOKEN_TTL_DEFAULT, TURN_TOKEN_TTL_MAX} from './limits.js'
export * from './requests.js'
export {LiveWorkRowSchema} from './work-views.js'
export type {LiveWorkRow} from './work-views.js'
export {CREATED_ROUTES, RAW_ROUTES, ROUTES, routeSchema} from './routes.js'
export type {RouteAnswer, RouteKey} from './routes.js'
export {EmbeddingStatusSchema} from './answers/operator.js'
