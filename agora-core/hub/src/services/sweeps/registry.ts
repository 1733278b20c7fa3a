import type {Ctx} from '../kernel/index.js'
import type {Pass} from './pass.js'
import {sweepVotes} from '../obligations/index.js'
import {sweepDark} from './dark.js'
import {sweepDeaf, sweepLurk} from './seats.js'
import {sweepWakes} from './wakes.js'
import {sweepFleet} from './fleet.js'
import {sweepWorkRows} from './work-rows.js'
import {sweepPauseReminder, sweepRetire} from './housekeeping.js'

export type Cadence = 'vote' | 'watchdog'

export interface Sweep {
  name: string
  /** Which timer drives it: the 30 s vote cadence or the 300 s watchdog pass (hub options voteSweepMs / darkSweepMs). */
  cadence: Cadence
  /** Only the pause reminder runs while the hub is paused; everything else is frozen. */
  whilePaused?: boolean
  run(pass: Pass, ctx: Ctx): Promise<unknown>
}

/** Every hub-owned sweep (docs: hub README "Sweeps"), in the order a watchdog pass runs them. */
export const SWEEPS: readonly Sweep[] = [
  {name: 'votes', cadence: 'vote', run: async (_p, ctx) => sweepVotes(ctx)},
  {name: 'dark', cadence: 'watchdog', run: sweepDark},
  {name: 'deaf', cadence: 'watchdog', run: sweepDeaf},
  {name: 'lurk', cadence: 'watchdog', run: sweepLurk},
  {name: 'wakes', cadence: 'watchdog', run: sweepWakes},
  {name: 'fleet', cadence: 'watchdog', run: sweepFleet},
  {name: 'work_rows', cadence: 'watchdog', run: sweepWorkRows},
  {name: 'retire', cadence: 'watchdog', run: sweepRetire},
  {name: 'pause_reminder', cadence: 'watchdog', whilePaused: true, run: sweepPauseReminder},
]

export const SWEEP_NAMES = SWEEPS.map(s => s.name)
