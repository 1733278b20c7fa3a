// grants: who holds which delegated power, now or at a past hub time (read side of delegations).
// The public face of services/grants/: code outside this folder imports from here only.

export {activeGrant, activeGrants, holdsChannelPower, isReportingDelegate, moderates, reportedIn, reportingDelegates, reportsIn, toGrant} from './grants.js'
export type {Grant} from './grants.js'
