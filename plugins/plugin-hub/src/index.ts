export {readyLine, resolveUpSettings, startUp} from './up.js'
export type {UpFlags, UpSettings} from './up.js'
