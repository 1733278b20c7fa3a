import type {Pass} from './pass.js'

/**
 * Visit the pass's seats starting where the last pass stopped, until done or out of time (at least one
 * seat per pass, so it always progresses), so a pass stays bounded and a large fleet is still covered over consecutive passes.
 */
export async function walkSeats(pass: Pass, sweep: string, visit: (agent: string) => Promise<void>): Promise<void> {
  const seats = pass.seats()
  if (seats.length === 0) return
  const start = (pass.resume.get(sweep) ?? 0) % seats.length
  const order = [...seats.slice(start), ...seats.slice(0, start)]
  for (const [i, seat] of order.entries()) {
    if (i > 0 && pass.outOfTime()) {
      pass.resume.set(sweep, (start + i) % seats.length)
      return
    }
    await visit(seat)
  }
  pass.resume.set(sweep, 0)
}

/** One alert per episode with a re-alert guard, as the dark watchdog does. */
export interface Episode {open: boolean; alerted_at: number; since?: number}

export const REALERT_GUARD = 6 * 3600
