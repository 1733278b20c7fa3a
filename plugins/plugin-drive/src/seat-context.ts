import {resolve} from 'node:path'

import {resolveHome, resolveSeat} from '@agora/home'

export interface SeatFlagValues {
  as?: string
  url?: string
  home?: string
}

export interface ReceptionSeat {
  agentId: string | null
  url: string
  home: string
}

/**
 * Who this reception command serves: flag > env > this folder's seat record (listen, hook, status).
 * `--home` also becomes AGORA_HOME for this process, so every child sees the same home.
 */
export function receptionSeat(flags: SeatFlagValues, cwd = process.cwd()): ReceptionSeat {
  if (flags.home) process.env.AGORA_HOME = resolve(flags.home)
  const home = resolveHome(process.env)
  const seat = resolveSeat({as: flags.as, url: flags.url}, {env: process.env, cwd, home})
  return {agentId: seat.agentId, url: seat.url, home}
}
