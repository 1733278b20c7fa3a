import type {Ctx} from '../kernel/index.js'
import {openPhases, phaseLine} from './phases.js'
import {rulings, unacknowledged} from './rulings.js'
import type {RouteAnswer} from '@agora/protocol'

/** The digest's work-plane fields for one viewer: open phases, their one-line summaries, rulings and the viewer's unacknowledged ones. */
export async function digestWorkFields(ctx: Ctx, channel: string, viewer: string): Promise<Pick<RouteAnswer<'get /channels/{c}/digest'>, 'phases' | 'rulings' | 'unacknowledged_rulings' | 'phase_lines'>> {
  const phases = await openPhases(ctx, [channel])
  const list = await rulings(ctx, channel)
  return {
    phases: phases.map(p => ({key: p.key, track: p.track, value: p.value, version: p.version, updated_by: p.updated_by, updated_at: p.updated_at})),
    rulings: list,
    unacknowledged_rulings: await unacknowledged(ctx, channel, viewer, list),
    phase_lines: phases.map(phaseLine),
  }
}
