// kernel: the service context (options, storage port, caches, bus, budgets), hub pause, identifiers.
// The public face of services/kernel/: code outside this folder imports from here only.

export {refusals} from './budget-book.js'
export type {BudgetBook, DeferredToken, PostGrant, PostSpend} from './budget-book.js'
export {Budgets} from './budgets.js'
export type {WriteBudget} from './budgets.js'
export type {AgentRec, ChannelRec, GrantRow, MemberRec} from './cache.js'
export {createCtx, fail, sanitize, sanitizeMultiline} from './context.js'
export type {Ctx, ResolvedOptions} from './context.js'
export {codePointLength, nfcIdentifier} from './identifiers.js'
export {mapInOrder} from './in-order.js'
export {dataStamp, dataStampWith} from './data-stamp.js'
export {currentPause, endPause, hubState, isPaused, overlapOf, pausedOverlap, pauses, startPause} from './pause.js'
export {requireRatingToken, spendSearchToken, takeRatingToken} from './rate-windows.js'
export type {PauseRow} from './pause.js'
