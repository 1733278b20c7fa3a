export {abstractcode, abstractcode as default} from './harness.js'
