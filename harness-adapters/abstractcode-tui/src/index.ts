export {abstractcodeTui, abstractcodeTui as default} from './harness.js'
