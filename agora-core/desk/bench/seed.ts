// Bulk history for the desk benchmark, written straight into the hub's SQLite file while the hub
// is stopped: plain fyi rows chained with @agora/protocol's ledger hash (so every ledger still
// verifies INTACT), their created_at spread over the last hour so the activity charts have a shape.
import Database from 'better-sqlite3'
import {ulid} from 'ulid'
import {ledgerHash, pyFloat} from '@agora/protocol'

export function appendHistory(dbPath: string, plan: Array<{channel: string; senders: string[]}>, perChannel: number, now: number): number {
  const db = new Database(dbPath)
  db.pragma('journal_mode = WAL')
  const head = db.prepare('SELECT seq, hash FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1')
  const insert = db.prepare(`INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, critical, downgraded, to_json, title,
    body, data_json, reply_to, created_at, hash) VALUES (?, ?, ?, ?, 'message', 'fyi', 'inbox', 0, 0, '[]', ?, ?, NULL, NULL, ?, ?)`)
  let written = 0
  try {
    plan.forEach(({channel, senders}, c) => {
      const last = head.get(channel) as {seq: number; hash: string}
      let prev = last.hash
      let seq = last.seq
      // Each channel has its own rhythm over the hour: a busy stretch somewhere, quiet elsewhere.
      const peak = (c * 7) % 60
      db.transaction(() => {
        for (let i = 0; i < perChannel; i++) {
          seq++
          const u = i / perChannel
          // Half the rows spread over the hour, half in a ten-minute burst at the channel's peak.
          const minute = i % 2 === 0 ? 60 * u : Math.min(59.99, peak + 10 * u)
          const created = now - 3600 + minute * 60 + (i % 60) / 100
          const title = i % 10 === 0 ? `status update ${i}` : ''
          const body = `note ${i}: progress on the build, the tests and the next step.`
          const sender = senders[i % senders.length]!
          const id = ulid()
          const hash = ledgerHash(prev, {id, channel, seq, sender, kind: 'message', status: 'fyi', urgency: 'inbox', critical: 0,
            downgraded: 0, to: [], title, body, data: null, reply_to: null, created_at: pyFloat(created)})
          insert.run(id, channel, seq, sender, title, body, created, hash)
          prev = hash
          written++
        }
      })()
    })
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally {
    db.close()
  }
  return written
}
