import type {TurnVerdict} from '@agora/contract'

import {Driver} from '../../src/drive/driver.js'
import type {DriverOptions, DriverPorts} from '../../src/drive/driver.js'
import {memorySessions} from '../../src/drive/sessions.js'
import type {TurnOutcome, TurnRequest} from '../../src/drive/turn-runner.js'

export const ok = (sessionId: string | null): TurnOutcome => ({verdict: {ok: true, stage: null, reason: null, detail: '', tools: ['check_inbox'], sessionId, notices: []}, exitCode: 0, durationS: 1})
export const fail = (stage: TurnVerdict['stage'], reason: string): TurnOutcome => ({verdict: {ok: false, stage, reason, detail: `${reason} detail`, tools: [], sessionId: null, notices: []}, exitCode: 1, durationS: 1})

/**
 * A scripted listener and turn runner over a fake clock that advances by each quiet listen window
 * (and by `turnMs` per turn). `ports` supplies the work lane, lane-pass, delegation and lease probes (`onTurn` runs inside each turn);
 * `stopAfterListens` interrupts the loop (as Ctrl-C would) once the listener has run that often.
 */
export function rig(listens: number[], outcomes: TurnOutcome[], extra: Partial<DriverOptions> = {}, ports: Pick<DriverPorts, 'work' | 'initiative' | 'delegate' | 'workClaim' | 'leases'> & {stopAfterListens?: number; onTurn?: (request: TurnRequest) => Promise<void>} = {}, turnMs = 0) {
  const clock = {now: 1_000_000}
  const out: string[] = []
  const windows: number[] = []
  const turns: TurnRequest[] = []
  const sessions = memorySessions()
  const stop = new AbortController()
  const {stopAfterListens, onTurn, ...probes} = ports
  const driver = new Driver(
    {agentId: 'bob', maxWaitS: 1200, turnBudget: 250, workBudget: 100, receptionTimeoutS: 3600, workTimeoutS: 3600, sessionRotate: 25, once: false, maxTurns: outcomes.length, ...extra},
    {
      out: (l) => out.push(l),
      listen: async (window) => {
        windows.push(window)
        if (stopAfterListens !== undefined && windows.length >= stopAfterListens) stop.abort()
        const rc = listens.shift() ?? 0
        if (rc === 0) clock.now += window * 1000
        return rc
      },
      runTurn: async (request) => {
        turns.push(request)
        await onTurn?.(request)
        clock.now += turnMs
        return outcomes.shift() ?? ok(null)
      },
      sessions,
      ...probes,
      signal: stop.signal,
      now: () => clock.now,
      touch: () => {},
    },
  )
  return {driver, out, windows, turns, sessions, clock}
}
