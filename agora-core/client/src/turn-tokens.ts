/** Per-turn tokens on the wire (docs/protocol.md "Turn tokens"). */

/** POST /turn-tokens: the plaintext `token` is returned this once. */
export interface TurnToken {
  token: string
  token_id: string
  agent_id: string
  turn_id: string
  expires_at: number
}

/** POST /turn-tokens/redeem: what a token vouches for on one MCP session. */
export interface TurnGrant {
  token_id: string
  agent_id: string
  turn_id: string
  session_id: string
  expires_at: number
}
