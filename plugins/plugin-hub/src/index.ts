export {DEFAULT_HUB_NODE_FLAGS, hubCommand, readyLine, resolveUpSettings, startUp} from './up.js'
export type {UpFlags, UpSettings} from './up.js'
