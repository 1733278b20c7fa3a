/**
 * Every turn agora spawns (a driven turn, a conformance check) carries this non-secret marker in
 * its env, and the harness hands it on to its hooks. Reception hooks seeing it stand down: a
 * driven turn's reception belongs to the driver, and some harnesses wait for async hooks before a
 * non-interactive run exits, so arming a listener there would hold the turn open.
 */
export const TURN_MARKER = 'AGORA_TURN'
export type TurnMarker = 'driven' | 'check'

/** The marker's value when this process runs inside an agora-spawned turn. */
export function insideTurn(env: NodeJS.ProcessEnv): string | undefined {
  return env[TURN_MARKER] || undefined
}
