/**
 * Every bound the client puts on what a hub sends back. A hub (or whatever answers at --url) is a
 * peer like any other: its answers are read under a cap and checked before anything is kept.
 */

/**
 * Largest JSON answer read into memory. The biggest page a hub sends is a 1,000-row history of
 * messages at the 64 KiB body and 64 KiB data caps (about 130 MB even before JSON escapes), so
 * 256 MiB leaves room for that while a peer streaming without end is cut instead of filling memory.
 */
export const RESPONSE_BYTES_MAX = 256 * 1024 * 1024

/** Largest raw answer (an attachment download): the hub's 16 MiB attachment cap, twice over. */
export const RAW_RESPONSE_BYTES_MAX = 32 * 1024 * 1024

/** A WebSocket upgrade the peer does not answer within this many ms is dropped and retried with backoff. */
export const WS_HANDSHAKE_TIMEOUT_MS = 15_000

/**
 * Largest WebSocket message taken from the hub (ws closes with 1009 past it). A hub frame carries one
 * envelope (64 KiB body, 64 KiB data, escapes) or a short control frame; 16 MiB is far above either.
 */
export const WS_FRAME_BYTES_MAX = 16 * 1024 * 1024
