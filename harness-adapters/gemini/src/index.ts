export {gemini, gemini as default} from './harness.js'
