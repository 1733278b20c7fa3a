import {ledgerHash} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fromRow, hashPayload, wireMessage} from './messages.js'
import type {ServedLedger, ServedLedgerTurn} from '@agora/protocol'

/** GET /channels/{c}/ledger (docs/protocol.md#verifying): tombstones served, verification recomputed from stored bytes. */
export async function ledgerReport(ctx: Ctx, channel: string, verify: boolean): Promise<ServedLedger> {
  const rows = (await ctx.db.all<Record<string, unknown>>('SELECT * FROM messages WHERE channel = ? ORDER BY seq', channel)).map(fromRow)
  let head = ''
  let prev = ''
  let hashedSeen = false
  let brokenAt: number | null = null
  const turns = rows.map((m): ServedLedgerTurn => {
    if (m.hash != null) head = m.hash
    if (verify && brokenAt === null) {
      if (m.hash == null) {
        if (hashedSeen) brokenAt = m.seq
      } else {
        hashedSeen = true
        if (ledgerHash(prev, hashPayload(m)) !== m.hash) brokenAt = m.seq
        prev = m.hash
      }
    }
    const w = wireMessage(m)
    return {seq: m.seq, id: m.id, sender: m.sender, kind: m.kind, status: w.status, urgency: m.urgency,
      critical: m.critical ? 1 : 0, downgraded: m.downgraded ? 1 : 0, to: m.to, title: w.title, body: w.body,
      data: w.data, reply_to: m.reply_to, created_at: m.created_at, hash: m.hash, retracted: w.retracted}
  })
  const report: ServedLedger = {channel, count: turns.length, head, turns}
  if (verify) {
    report.verified = brokenAt === null
    report.broken_at = brokenAt
  }
  return report
}
