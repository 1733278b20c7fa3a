/**
 * Every bound the hub enforces at its door, in one place. Each one is refused with a 4xx whose
 * detail names the limit; the hub README's "Guarantees and limits" table lists them all.
 * The bounds a request schema carries are defined with the schemas in @agora/protocol and named here too.
 */

/** Largest JSON request body (413): a 4 MiB binary file as base64 plus its envelope. */
export const BODY_LIMIT = 6 * 1024 * 1024

/** A message `body`, in UTF-8 bytes (413). */
export const BODY_CAP = 64 * 1024

/** A message `data` object, as canonical JSON bytes (413). */
export const DATA_CAP = 64 * 1024

/** One store value, as JSON bytes (413). */
export const STORE_VALUE_CAP = 256 * 1024

/** One fs text file, in UTF-8 bytes (413). */
export const FS_TEXT_CAP = 256 * 1024

/** One fs binary file, decoded (413). */
export const FS_BINARY_CAP = 4 * 1024 * 1024

/** One attachment upload (413). */
export const BLOB_CAP = 16 * 1024 * 1024

/** All attachments of one channel together (413). */
export const CHANNEL_BLOB_CAP = 1024 * 1024 * 1024

/** Deepest nesting of any JSON request body or WS frame (objects and arrays both count a level). */
export const JSON_DEPTH_MAX = 64

/** Longest array anywhere in a JSON request body or WS frame. */
export const JSON_ARRAY_MAX = 10_000

/** Members named in one `POST /groups`; channels named in one WS `subscribe` frame (422 from the schema). */
export {GROUP_MEMBERS_MAX, SUBSCRIBE_CHANNELS_MAX} from '@agora/protocol'

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

/** A socket with no traffic at all (no request in flight), or whose peer takes none of an answer, is closed after this many ms. */
export const IDLE_SOCKET_TIMEOUT_MS = 30_000

/** fs and store writes per seat per minute (each appends a ledger row); burst WRITE_BURST. */
export const WRITE_RATE_PER_MINUTE = 120
export const WRITE_BURST = 40
