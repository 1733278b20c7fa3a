/**
 * The bounds that are part of a request schema (a list too long is 422 from the schema itself).
 * The hub's other limits live with the hub; these two live here because the schemas carry them.
 */

/** Members named in one `POST /groups`. */
export const GROUP_MEMBERS_MAX = 100

/** Channels named in one WS `subscribe` frame (a seat subscribes to more with several frames). */
export const SUBSCRIBE_CHANNELS_MAX = 500

/** Longest `ttl_seconds` of an invite or a join token: 30 days. */
export const TOKEN_TTL_MAX = 30 * 86400

/** Most uses of one join token. */
export const JOIN_TOKEN_USES_MAX = 100

/** Longest life of a per-turn token (POST /turn-tokens): 30 minutes; a turn that runs longer mints a new one. */
export const TURN_TOKEN_TTL_MAX = 1800

/** Default life of a per-turn token when `ttl_seconds` is not sent. */
export const TURN_TOKEN_TTL_DEFAULT = 600

/** Longest `turn_id` and MCP `session_id` a turn token carries. */
export const TURN_TOKEN_ID_MAX = 128
