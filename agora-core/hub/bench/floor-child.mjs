// The P1 floor (`bench:hub`): the least any node hub could do for one post, on this machine, in this run.
// node:http reads and parses the JSON body; the row, chained with the ledger hash, goes into the hub's own schema
// (SQLite: one IMMEDIATE transaction reading the head, WAL, synchronous NORMAL, as the hub runs; PostgreSQL: one
// round trip, below); the response is written; the envelope goes to every WS subscriber as one frame.
// No auth, validation, routing or obligations: a ceiling, not a competitor. Forked with IPC like
// hub-child.mjs, answering 'cpu' and 'close'.
import {randomUUID} from 'node:crypto'
import {createServer} from 'node:http'
import Database from 'better-sqlite3'
import {WebSocketServer} from 'ws'
import pg from 'pg'
import {ledgerHash, pyFloat} from '@agora/protocol'

const target = process.argv[2]
const closers = []
const append = target.startsWith('postgres') ? await postgresAppend(target) : sqliteAppend(target)

function fresh(channel, msg, last) {
  const row = {id: randomUUID(), channel, seq: (last?.seq ?? 0) + 1, sender: 'poster', kind: 'message', status: msg.status, urgency: 'inbox',
    critical: 0, downgraded: 0, to: [], title: '', body: msg.body, data: null, reply_to: null, created_at: Date.now() / 1000}
  row.hash = ledgerHash(last?.hash ?? '', {...row, created_at: pyFloat(row.created_at)})
  return row
}

// SQLite: the database already holds the hub's messages table, indexes, FTS5 table and triggers (rows.ts messagesCopy).
function sqliteAppend(path) {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  const head = db.prepare('SELECT seq, hash FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1')
  const insert = db.prepare(`INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, critical, downgraded, to_json, title, body,
    data_json, reply_to, created_at, hash) VALUES (@id, @channel, @seq, @sender, @kind, @status, @urgency, @critical, @downgraded, '[]', @title,
    @body, NULL, NULL, @created_at, @hash)`)
  const tx = db.transaction((channel, msg) => {
    const row = fresh(channel, msg, head.get(channel))
    insert.run(row)
    return row
  })
  return async (channel, msg) => tx.immediate(channel, msg)
}

// PostgreSQL: one autocommitted INSERT per post (one round trip, one durable commit) into a copy of the hub's
// messages table (columns, generated search column, indexes); the head stays in this process, the only writer.
async function postgresAppend(url) {
  const client = new pg.Client({connectionString: url})
  await client.connect()
  await client.query('DROP TABLE IF EXISTS floor_messages')
  await client.query('CREATE TABLE floor_messages (LIKE messages INCLUDING ALL)')
  const heads = new Map()
  closers.push(async () => { await client.query('DROP TABLE floor_messages'); await client.end() })
  return async (channel, msg) => {
    const row = fresh(channel, msg, heads.get(channel))
    heads.set(channel, row)
    await client.query(`INSERT INTO floor_messages (id, channel, seq, sender, kind, status, urgency, critical, downgraded, to_json, title, body,
      data_json, reply_to, created_at, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, '[]', $10, $11, NULL, NULL, $12, $13)`,
    [row.id, channel, row.seq, row.sender, row.kind, row.status, row.urgency, row.critical, row.downgraded, row.title, row.body, row.created_at, row.hash])
    return row
  }
}

const server = createServer((req, res) => {
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', async () => {
    const channel = req.url.split('/')[2] ?? 'bench'
    const row = await append(channel, JSON.parse(Buffer.concat(chunks).toString('utf8')))
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
  if (m === 'close') {
    for (const ws of wss.clients) ws.terminate()
    server.close()
    Promise.all(closers.map((close) => close())).finally(() => process.send({type: 'closed'}, () => process.exit(0)))
  }
})
process.on('disconnect', () => process.exit(0))
