import type {RouteAnswer} from '@agora/protocol'

/** Per-turn tokens on the wire (docs/protocol.md "Turn tokens"). */

/** POST /turn-tokens: the plaintext `token` is returned this once. */
export type TurnToken = RouteAnswer<'post /turn-tokens'>

/** POST /turn-tokens/redeem: what a token vouches for on one MCP session. */
export type TurnGrant = RouteAnswer<'post /turn-tokens/redeem'>
