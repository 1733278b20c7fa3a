/**
 * Every bound the hub enforces at its door, in one place. Each one is refused with a 4xx whose
 * detail names the limit; the hub README's "Guarantees and limits" table lists them all.
 * Caps that belong to one feature's storage (body, data, store value, fs file, blob) are
 * re-exported here so readers find every number in this file.
 */
export {BODY_CAP, DATA_CAP} from './services/post.js'
export {STORE_VALUE_CAP} from './services/store.js'
export {FS_TEXT_CAP, FS_BINARY_CAP} from './services/fs.js'
export {BLOB_CAP} from './services/attachments.js'
export {BODY_LIMIT} from './http/body.js'

/** Deepest nesting of any JSON request body or WS frame (objects and arrays both count a level). */
export const JSON_DEPTH_MAX = 64

/** Longest array anywhere in a JSON request body or WS frame. */
export const JSON_ARRAY_MAX = 1000

/** Members named in one `POST /groups`. */
export const GROUP_MEMBERS_MAX = 100

/** Channels named in one WS `subscribe` frame (a seat subscribes to more with several frames). */
export const SUBSCRIBE_CHANNELS_MAX = 500

/** Longest channel name (the reference has none; 128 is this hub's extension). */
export const CHANNEL_NAME_MAX = 128

/** Longest fs path and store key, in characters. */
export const PATH_MAX = 512

/** Open TCP connections (HTTP and WS together) one hub process accepts; more are refused with 503. */
export const CONNECTIONS_MAX = 1024

/** A request's headers must arrive within this many ms (slow-header drips are cut). */
export const HEADERS_TIMEOUT_MS = 10_000

/** A whole request (headers and body) must arrive within this many ms. */
export const REQUEST_TIMEOUT_MS = 60_000

/** An idle keep-alive HTTP connection is closed after this many ms. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000

/** A socket with no traffic at all (no request in flight) is closed after this many ms. */
export const IDLE_SOCKET_TIMEOUT_MS = 30_000

/** fs and store writes per seat per minute (each appends a ledger row); burst WRITE_BURST. */
export const WRITE_RATE_PER_MINUTE = 120
export const WRITE_BURST = 40
