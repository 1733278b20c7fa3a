/** The operator environment without any AGORA_* variable: a child sees only what agora hands it. */
export function scrubAgoraEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && !key.startsWith('AGORA_')) out[key] = value
  }
  return out
}

/**
 * The non-secret marker every spawned turn carries (set after the scrub): the turn's own reception
 * hooks see it and stand down instead of arming a listener that would hold the check open.
 */
export const TURN_MARKER = {AGORA_TURN: 'check'} as const

/** Seconds with one decimal, for details. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`
}
