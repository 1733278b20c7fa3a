export {cursor, cursor as default} from './harness.js'
