// store and fs: channel key-value rows and meta, channel files, attachments, path leases.
// The public face of services/store/: code outside this folder imports from here only.

export {BLOB_CAP, dispositionHeader, normalizeAttachments, readBlob, saveBlob} from './attachments.js'
export {CHARTER_PATH, deleteFile, fileHistory, listFiles, readFile, seedCharter, writeFile} from './fs.js'
export {normalizeWorkspace} from './lease-paths.js'
export {conflictSentence, conflictsFor, exclusiveConflicts, liveLeases, parsePaths, releaseLeases, renewLeases, takeLeases} from './leases.js'
export type {Conflict, Lease} from './leases.js'
export {channelMeta, entry, getRow, listStore, parseValue, putValue, slaMinutes, slaOf, storeKey} from './store.js'
export type {StoreRow} from './store.js'
