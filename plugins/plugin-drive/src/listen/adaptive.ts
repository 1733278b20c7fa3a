import {readFileSync} from 'node:fs'

import {writeSecureFile} from '@agora/home'

/** The shortest adaptive window; a wake resets to it. */
export const ADAPTIVE_FLOOR_S = 60
/** The ceiling's cap when no --max-wait is given. */
export const ADAPTIVE_DEFAULT_CAP_S = 1200

/**
 * `agora listen --once --adaptive`: a loop that re-runs the listener waits 60 s
 * at first, twice as long after each clean timeout up to the cap, and 60 s again after a wake.
 * The state is `listen-<id>.backoff` `{ceiling, updated}` so it survives between runs.
 */
export function adaptiveWindow(path: string, capS: number): number {
  let stored = ADAPTIVE_FLOOR_S
  try {
    const state = JSON.parse(readFileSync(path, 'utf8')) as {ceiling?: unknown}
    if (typeof state.ceiling === 'number' && Number.isFinite(state.ceiling)) stored = state.ceiling
  } catch {
    // no state yet, or a torn file: start from the floor
  }
  return Math.min(Math.max(stored, ADAPTIVE_FLOOR_S), capS)
}

/** After a run: double on a clean timeout, reset on a wake; any other end leaves the state alone. */
export function recordAdaptive(path: string, outcome: 'timeout' | 'wake', windowS: number, capS: number, nowMs = Date.now()): number {
  const ceiling = outcome === 'wake' ? Math.min(ADAPTIVE_FLOOR_S, capS) : Math.min(Math.max(windowS, ADAPTIVE_FLOOR_S) * 2, capS)
  writeSecureFile(path, JSON.stringify({ceiling, updated: Math.floor(nowMs / 1000)}) + '\n')
  return ceiling
}
