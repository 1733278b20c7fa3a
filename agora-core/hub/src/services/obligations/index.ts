// obligations: thread state, debts, what a seat owes, envelopes, inbox, history, digests, votes.
// The public face of services/obligations/: code outside this folder imports from here only.

export {addresseesOf, directiveDebts, hasLinkedClaim, namesViewer, pendingAsksNameOthers, recomputeClosed, repliedBy, withStates} from './debts.js'
export {digest} from './digest.js'
export {buildEnvelope, debtAge} from './envelopes.js'
export {citesEvidence, normalizeEvidence} from './evidence.js'
export {decorate, history, readWithAncestors} from './history.js'
export {computeInboxJson, waitInbox} from './inbox.js'
export {asksOf, inheritsFromOperator, isObligation, threadState} from './obligations.js'
export type {ThreadState} from './obligations.js'
export {computeOwed} from './owed.js'
export {memoAnswer} from './answer-memo.js'
export {sweepVotes} from './votes.js'
export {authoritativeResolution} from './obligations.js'
export {isDirectiveFor} from './obligations.js'
export {parseBallot} from './vote-fold.js'
export {voteSpec} from './votes.js'
