// diagnostics: fleet status, activity, doctor and the slow-request log.
// The public face of services/diagnostics/: code outside this folder imports from here only.

export {ACTIVITY_HOURS_MAX, activityStats, noiseReport} from './activity.js'
export {doctor} from './doctor.js'
export {adminStatus, fleetStatus} from './fleet.js'
export {SlowLog} from './slow.js'
