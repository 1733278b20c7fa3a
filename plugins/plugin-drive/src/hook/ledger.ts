import {writeSecureFile} from '@agora/home'
import {readFileSync} from 'node:fs'

/** `hook-<id>.json`: when each event last fired and what was last injected (throttles and `agora status`). */
export interface HookLedger {
  v: 5
  events: Record<string, number>
  /** Signature of the last injected ask set, and when (epoch seconds). */
  sig: string
  sent_at: number
  /** Stop blocks spent per signature. */
  blocks: Record<string, number>
  /** Last PostToolUse injection (epoch seconds). */
  pt_at: number
  armed_session_id: string | null
  armed_at: number
}

export function emptyLedger(): HookLedger {
  return {v: 5, events: {}, sig: '', sent_at: 0, blocks: {}, pt_at: 0, armed_session_id: null, armed_at: 0}
}

export function readLedger(path: string): HookLedger {
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<HookLedger>
    if (raw.v !== 5) return emptyLedger()
    return {...emptyLedger(), ...raw, events: {...raw.events}, blocks: {...raw.blocks}}
  } catch {
    return emptyLedger()
  }
}

export function writeLedger(path: string, ledger: HookLedger): void {
  writeSecureFile(path, JSON.stringify(ledger) + '\n')
}
