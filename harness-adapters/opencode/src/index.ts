export {opencode, opencode as default} from './harness.js'
