"use strict";
/**
 * Every bound the hub enforces at its door, in one place. Each one is refused with a 4xx whose
 * detail names the limit; the hub README's "Guarantees and limits" table lists them all.
 * The bounds a request schema carries are defined with the schemas in @agora/protocol and named here too.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.WRITE_BURST = exports.WRITE_RATE_PER_MINUTE = exports.IDLE_SOCKET_TIMEOUT_MS = exports.KEEP_ALIVE_TIMEOUT_MS = exports.REQUEST_TIMEOUT_MS = exports.HEADERS_TIMEOUT_MS = exports.CONNECTIONS_MAX = exports.PATH_MAX = exports.CHANNEL_NAME_MAX = exports.SUBSCRIBE_CHANNELS_MAX = exports.GROUP_MEMBERS_MAX = exports.JSON_ARRAY_MAX = exports.JSON_DEPTH_MAX = exports.CHANNEL_BLOB_CAP = exports.BLOB_CAP = exports.FS_BINARY_CAP = exports.FS_TEXT_CAP = exports.STORE_VALUE_CAP = exports.DATA_CAP = exports.BODY_CAP = exports.BODY_LIMIT = void 0;
/** Largest JSON request body (413): a 4 MiB binary file as base64 plus its envelope. */
exports.BODY_LIMIT = 6 * 1024 * 1024;
/** A message `body`, in UTF-8 bytes (413). */
exports.BODY_CAP = 64 * 1024;
/** A message `data` object, as canonical JSON bytes (413). */
exports.DATA_CAP = 64 * 1024;
/** One store value, as JSON bytes (413). */
exports.STORE_VALUE_CAP = 256 * 1024;
/** One fs text file, in UTF-8 bytes (413). */
exports.FS_TEXT_CAP = 256 * 1024;
/** One fs binary file, decoded (413). */
exports.FS_BINARY_CAP = 4 * 1024 * 1024;
/** One attachment upload (413). */
exports.BLOB_CAP = 16 * 1024 * 1024;
/** All attachments of one channel together (413). */
exports.CHANNEL_BLOB_CAP = 1024 * 1024 * 1024;
/** Deepest nesting of any JSON request body or WS frame (objects and arrays both count a level). */
exports.JSON_DEPTH_MAX = 64;
/** Longest array anywhere in a JSON request body or WS frame. */
exports.JSON_ARRAY_MAX = 10000;
/** Members named in one `POST /groups`; channels named in one WS `subscribe` frame (422 from the schema). */
var protocol_1 = require("@agora/protocol");
Object.defineProperty(exports, "GROUP_MEMBERS_MAX", { enumerable: true, get: function () { return protocol_1.GROUP_MEMBERS_MAX; } });
Object.defineProperty(exports, "SUBSCRIBE_CHANNELS_MAX", { enumerable: true, get: function () { return protocol_1.SUBSCRIBE_CHANNELS_MAX; } });
/** Longest channel name (the reference has none; 128 is this hub's extension). */
exports.CHANNEL_NAME_MAX = 128;
/** Longest fs path and store key, in characters. */
exports.PATH_MAX = 512;
/** Open TCP connections (HTTP and WS together) one hub process accepts; more are refused with 503. */
exports.CONNECTIONS_MAX = 1024;
/** A request's headers must arrive within this many ms (slow-header drips are cut). */
exports.HEADERS_TIMEOUT_MS = 10000;
/** A whole request (headers and body) must arrive within this many ms. */
exports.REQUEST_TIMEOUT_MS = 60000;
/** An idle keep-alive HTTP connection is closed after this many ms. */
exports.KEEP_ALIVE_TIMEOUT_MS = 5000;
/** A socket with no traffic at all (no request in flight) is closed after this many ms. */
exports.IDLE_SOCKET_TIMEOUT_MS = 30000;
/** fs and store writes per seat per minute (each appends a ledger row); burst WRITE_BURST. */
exports.WRITE_RATE_PER_MINUTE = 120;
exports.WRITE_BURST = 40;
