// sweeps: the scheduler and every timed pass (dark seats, wakes, fleet, work rows, housekeeping).
// The public face of services/sweeps/: code outside this folder imports from here only.

export {FleetOwed} from './fleet-owed.js'
export {Scheduler} from './scheduler.js'
export type {SweepReport} from './scheduler.js'
export {isFinished, isTerminal, needsFrom, statusWord} from './work-rows.js'
