export {codex, codex as default} from './harness.js'
