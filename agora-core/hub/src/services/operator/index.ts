// operator plane: hub admin (pause, announcements), seat retirement.
// The public face of services/operator/: code outside this folder imports from here only.

export {pauseHub, resumeHub} from './admin.js'
export {deleteAgent, listRetired, requireOperator, retireAgent, unretireAgent} from './lifecycle.js'
