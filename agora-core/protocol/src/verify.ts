/**
 * The ledger verifier alone, without the request schemas: the entry a browser bundle imports
 * (`@agora/protocol/verify`, used by the web desk) so it carries the canonicalization and the
 * walk `agora ledger verify` runs, and not TypeBox.
 */
export {canonicalize, ledgerHash, pyFloat} from './canonical.js'
export {parseJsonLossless} from './json.js'
export {turnPayload, verifyLedger} from './ledger.js'
export type {LedgerPayload, LedgerReport, LedgerTurn, LedgerVerdict} from './ledger.js'
