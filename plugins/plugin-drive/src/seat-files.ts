import {join} from 'node:path'

/** Every per-seat file reception keeps under AGORA_HOME, named once so listen, hook, drive and status agree. */
export interface SeatFiles {
  notify: string
  listenLock: string
  listenPid: string
  listenOffset: string
  listenOwedsig: string
  /** `--adaptive` window state `{ceiling, updated}`. */
  listenBackoff: string
  drivePid: string
  failures: string
  turns: string
  hookState: string
  /** Session pointer of a lane; harness-qualified so two harnesses of one seat never resume each other. */
  session(lane: string, harness: string): string
}

export function seatFiles(home: string, agentId: string): SeatFiles {
  const at = (name: string): string => join(home, name)
  return {
    notify: at(`${agentId}-inbox.log`),
    listenLock: at(`listen-${agentId}.lock`),
    listenPid: at(`listen-${agentId}.pid`),
    listenOffset: at(`listen-${agentId}.offset`),
    listenOwedsig: at(`listen-${agentId}.owedsig`),
    listenBackoff: at(`listen-${agentId}.backoff`),
    drivePid: at(`drive-${agentId}.pid`),
    failures: at(`drive-${agentId}.failures.jsonl`),
    turns: at(`drive-${agentId}.turns.jsonl`),
    hookState: at(`hook-${agentId}.json`),
    session: (lane, harness) => at(`drive-${agentId}.${harness}.${lane}-v2.session`),
  }
}

/** How long a live driver's pidfile keeps ownership of reception without being touched. */
export const DRIVER_FRESH_S = 7200
