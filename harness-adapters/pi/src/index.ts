export {pi, pi as default} from './harness.js'
