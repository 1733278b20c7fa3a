import type {HarnessDeclaration} from '@agora/contract'
import {transportOf} from '@agora/contract'
import {turnTransport} from '@agora/transport'
import {DriveRefusal} from './arm.js'

/** A turn's bound when the operator names none. */
export const DEFAULT_TURN_S = 3600

/**
 * The reception and work turn bounds, in seconds. A transport may carry turns only so long (the
 * http transport's worker reaches agora through a turn token the wire caps at 1800 s): a bound the
 * operator asked for beyond that is refused, naming the longest that works, and the default is
 * lowered to it and said so, so no turn silently loses its agora tools half way.
 */
export function turnTimeouts(options: {receptionTimeout?: number; workTimeout?: number}, decl: Pick<HarnessDeclaration, 'name'> & object,
  out: (line: string) => void): {reception: number; work: number} {
  const longest = turnTransport(transportOf(decl)).longestTurnS
  const pick = (flag: string, given: number | undefined): number => {
    if (longest === undefined || (given === undefined && DEFAULT_TURN_S <= longest)) return given ?? DEFAULT_TURN_S
    if (given !== undefined && given > longest) {
      throw new DriveRefusal(`--${flag} ${given} is longer than a turn of the '${decl.name}' harness can keep its agora tools (its ${transportOf(decl)} transport carries at most ${longest} s: the turn token it hands the worker lives at most 1800 s); pass --${flag} ${longest} or less`)
    }
    if (given !== undefined) return given
    out(`AGORA_DRIVE event=bound flag=${flag} seconds=${longest} reason=${transportOf(decl)}-transport-turn-token`)
    return longest
  }
  return {reception: pick('reception-timeout', options.receptionTimeout), work: pick('work-timeout', options.workTimeout)}
}
