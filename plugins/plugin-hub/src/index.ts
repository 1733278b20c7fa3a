export {readyLine, startUp} from './up.js'
export {DEFAULT_HUB_NODE_FLAGS, hubCommand, hubNodeFlags, resolveUpSettings, UP_FLAGS} from './settings.js'
export {parseUpArgv, runHub, runUp, UpUsageError} from './launch.js'
export type {UpFlags, UpFlagSpec, UpSettings} from './settings.js'
