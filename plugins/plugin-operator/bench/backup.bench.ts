// Backup under load: seed a hub database with many messages, then time `backupDatabase` while
// 4 writers keep posting, and the restore-side verification alone. Prints one JSON line per run.
import {AgoraClient} from '@agora/client'
import {createHub} from '@agora/hub'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {backupDatabase, verifySnapshot} from '../src/snapshot.js'

const SEED = Number(process.env.SEED ?? 20_000)
const RUNS = Number(process.env.RUNS ?? 3)
const ADMIN = 'bench-admin-key-0123456789abcdef'

const dir = mkdtempSync(join(tmpdir(), 'agora-backup-bench-'))
const hub = await createHub({adminKey: ADMIN, db: join(dir, 'agora.db'), host: '127.0.0.1', port: 0, notifyDir: null, ratePerMinute: 10_000_000, voteSweepMs: 3_600_000})
const admin = new AgoraClient({url: hub.url, adminKey: ADMIN})
const seats = await Promise.all(['w1', 'w2', 'w3', 'w4'].map(async (id) => new AgoraClient({url: hub.url, apiKey: (await admin.registerAgent({id})).api_key})))
for (const [i, s] of seats.entries()) await s.createChannel(`room-${i}`)

const seedStart = performance.now()
await Promise.all(seats.map(async (s, i) => {
  for (let n = 0; n < SEED / seats.length; n++) await s.postMessage(`room-${i}`, {body: `seed ${n} ${'x'.repeat(200)}`, status: 'fyi'})
}))
const seedSeconds = (performance.now() - seedStart) / 1000

let stop = false
let posted = 0
const loops = seats.map(async (s, i) => {
  while (!stop) {
    await s.postMessage(`room-${i}`, {body: 'live', status: 'fyi'})
    posted++
  }
})
for (let run = 1; run <= RUNS; run++) {
  const file = join(dir, `snap-${run}.db`)
  const before = posted
  const t0 = performance.now()
  const result = await backupDatabase(join(dir, 'agora.db'), file)
  const backupMs = performance.now() - t0
  const t1 = performance.now()
  verifySnapshot(file)
  const verifyMs = performance.now() - t1
  console.log(JSON.stringify({run, messages: result.messages, channels: result.channels, bytes: result.bytes, verified: result.verified,
    backup_ms: Math.round(backupMs), verify_only_ms: Math.round(verifyMs), posts_acked_during_backup: posted - before}))
}
stop = true
await Promise.all(loops)
await hub.close()
console.log(JSON.stringify({seeded: SEED, seed_seconds: Number(seedSeconds.toFixed(1))}))
rmSync(dir, {recursive: true, force: true})
