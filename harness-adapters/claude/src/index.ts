export {claude, claude as default} from './harness.js'
