// messages: the append-only message log (insert, read, wire form), message refs and the hash ledger.
// The public face of services/messages/: code outside this folder imports from here only.

export {ledgerReport} from './ledger.js'
export {findMessage} from './message-ref.js'
export {afterCommit, fromArray, fromRow, getBySeq, getMessage, headSeq, insertMessage, isRead, jsonValues, messageColumns, postSystem, readSet, recordRead, repliesTo, repliesToMany, selectMessages, sendersOf, wireMessage} from './messages.js'
export type {NewMessage, StoredMessage} from './messages.js'
