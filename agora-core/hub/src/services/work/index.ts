// work: work items, kinds, phases, rulings, the board, desk and supervision views.
// The public face of services/work/: code outside this folder imports from here only.

export {board} from './board.js'
export {addresseeEvidenceGate, completionReportGate} from './completion-report.js'
export {desk} from './desk.js'
export {digestWorkFields} from './digest-fields.js'
export {hubDebts} from './hub-debts.js'
export {channelWork, workItem} from './items.js'
export {checkWorkKey} from './kinds.js'
export {noticeboardView} from './noticeboard.js'
export {openPhases} from './phases.js'
export {noticeboardGate, rulingsGate} from './post-gates.js'
export {ackRulings} from './rulings.js'
export {superviseAll, superviseChannel} from './supervise.js'
export {noticeboardVotesGate} from './noticeboard-votes.js'
