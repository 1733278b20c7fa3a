export {orcaFromEnv, orcaSessionId, orcaWorker} from './harness.js'
export type {OrcaWorkerOptions} from './harness.js'
