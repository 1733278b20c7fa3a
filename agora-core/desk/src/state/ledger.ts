import {parseJsonLossless, verifyLedger} from '@agora/protocol/verify'
import type {LedgerReport} from '@agora/protocol/verify'

export interface LedgerStatus {
  channel: string
  intact: boolean
  brokenAt: number | null
  headMismatch: boolean
  turns: number
  /** What the hub said about itself, shown beside ours and never trusted. */
  hubVerified: boolean | null
}

/**
 * Verify `GET /channels/{c}/ledger` from its raw text: parsed losslessly (a `2.0` in `data` must
 * stay `2.0` or the hash changes) and walked by @agora/protocol's verifyLedger, the rules
 * `agora ledger verify` follows.
 */
export function verifyLedgerText(text: string): LedgerStatus {
  const report = parseJsonLossless(text) as LedgerReport & {verified?: boolean}
  const v = verifyLedger(report)
  return {channel: report.channel, intact: v.intact, brokenAt: v.brokenAt, headMismatch: v.headMismatch, turns: v.turns,
    hubVerified: typeof report.verified === 'boolean' ? report.verified : null}
}
