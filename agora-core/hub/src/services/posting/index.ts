// posting: the post pipeline (normalize, gates, mentions), thread resolution, retraction, acks, groups.
// The public face of services/posting/: code outside this folder imports from here only.

export {ack} from './ack.js'
export {createGroup} from './groups.js'
export type {GroupInput} from './groups.js'
export {postMessage} from './post.js'
export type {PostInput} from './post.js'
export {resolveThread} from './resolve-thread.js'
export {retractMessage, retractThread} from './retract.js'
export {readCursors} from './ack.js'
