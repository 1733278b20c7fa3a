export {claudeAcp, claudeAcp as default} from './harness.js'
