export {codexAcp, codexAcp as default} from './harness.js'
