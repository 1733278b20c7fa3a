// The P1 floor (`bench:hub`): the least any node hub could do for one post, on this machine, in this run.
// node:http reads and parses the JSON body; one IMMEDIATE better-sqlite3 transaction reads the channel head,
// chains the ledger hash and inserts the row into the hub's own schema (indexes, FTS5 trigger; WAL, synchronous
// NORMAL, as the hub runs); the response is written; the envelope goes to every WS subscriber as one frame.
// No auth, validation, routing or obligations: a ceiling, not a competitor. Forked with IPC like
// hub-child.mjs, answering 'cpu' and 'close'.
import {randomUUID} from 'node:crypto'
import {createServer} from 'node:http'
import Database from 'better-sqlite3'
import {WebSocketServer} from 'ws'
import {ledgerHash, pyFloat} from '@agora/protocol'

// The database already holds the hub's messages table, indexes, FTS5 table and triggers (rows.ts messagesCopy).
const db = new Database(process.argv[2])
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')
const head = db.prepare('SELECT seq, hash FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1')
const insert = db.prepare(`INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, critical, downgraded, to_json, title, body,
  data_json, reply_to, created_at, hash) VALUES (@id, @channel, @seq, @sender, @kind, @status, @urgency, @critical, @downgraded, '[]', @title,
  @body, NULL, NULL, @created_at, @hash)`)
const append = db.transaction((channel, msg) => {
  const last = head.get(channel)
  const row = {id: randomUUID(), channel, seq: (last?.seq ?? 0) + 1, sender: 'poster', kind: 'message', status: msg.status, urgency: 'inbox',
    critical: 0, downgraded: 0, to: [], title: '', body: msg.body, data: null, reply_to: null, created_at: Date.now() / 1000}
  row.hash = ledgerHash(last?.hash ?? '', {...row, created_at: pyFloat(row.created_at)})
  insert.run(row)
  return row
})

const server = createServer((req, res) => {
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', () => {
    const channel = req.url.split('/')[2] ?? 'bench'
    const row = append.immediate(channel, JSON.parse(Buffer.concat(chunks).toString('utf8')))
    const text = JSON.stringify(row)
    res.writeHead(201, {'content-type': 'application/json', 'content-length': Buffer.byteLength(text)})
    res.end(text)
    const frame = Buffer.from(JSON.stringify({type: 'envelope', envelope: row}))
    for (const ws of wss.clients) ws.send(frame)
  })
})
const wss = new WebSocketServer({server, path: '/ws'})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => process.send({type: 'ready', url: `http://127.0.0.1:${server.address().port}`}))
process.on('message', (m) => {
  if (m === 'cpu') { const c = process.cpuUsage(); process.send({type: 'cpu', us: c.user + c.system}) }
  if (m === 'close') { for (const ws of wss.clients) ws.terminate(); server.close(); db.close(); process.send({type: 'closed'}, () => process.exit(0)) }
})
process.on('disconnect', () => process.exit(0))
