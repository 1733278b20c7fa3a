// push: notify files and wake lines for seats that are not connected.
// The public face of services/push/: code outside this folder imports from here only.

export {startNotify} from './notify.js'
export {reemitWake} from './wake-writer.js'
