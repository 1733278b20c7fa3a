import {spawnSync} from 'node:child_process'
import {join} from 'node:path'
import {startCluster, pgBinDir} from './helpers/pg-cluster.js'
import {TestHub} from './helpers/hub.js'
import {WsSeat} from './helpers/ws.js'
const mode = process.argv[2] ?? 'fast'
const cluster = await startCluster({durable: true})
const url = await cluster.createDatabase('restart')
const h = await TestHub.start({db: url})
const alice = await h.register('alice')
const bob = await h.register('bob')
await h.channel(alice, 'room', [bob])
const ws = await WsSeat.connect(h.url, bob.key!)
ws.ws.send(JSON.stringify({type: 'subscribe', channels: ['room'], since: {room: 0}}))
const acked: number[] = []
const statuses = new Map<string, number>()
let stop = false
const poster = (async () => {
  let i = 0
  while (!stop) {
    const r = await alice.post('/channels/room/messages', {body: `m${i++}`}).catch(e => ({status: -1, body: String(e)} as any))
    const k = `${r.status}${r.status >= 400 ? ' ' + JSON.stringify(r.body).slice(0, 120) : ''}`
    statuses.set(k, (statuses.get(k) ?? 0) + 1)
    if (r.status === 201 || r.status === 200) acked.push(r.body.seq)
    await new Promise(r => setTimeout(r, 5))
  }
})()
await new Promise(r => setTimeout(r, 1000))
const bin = pgBinDir()!
const data = join(cluster.dir, 'data')
const t0 = Date.now()
const res = spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', mode, '-w', 'restart', '-l', join(cluster.dir, 'server.log')], {stdio: 'ignore', timeout: 60000})
console.log('restart', mode, res.status, Date.now() - t0, 'ms')
await new Promise(r => setTimeout(r, 4000))
stop = true
await poster
await new Promise(r => setTimeout(r, 1500))
console.log(JSON.stringify(ws.frames[3]).slice(0,300)); const got = new Set(ws.frames.map(f => f.seq ?? f.message?.seq ?? f.envelope?.seq ?? f.data?.seq))
const missing = acked.filter(s => !got.has(s))
console.log('statuses', Object.fromEntries(statuses))
console.log('acked', acked.length, 'ws frames', ws.frames.length, 'missing on ws', missing.length, missing.slice(0, 10), 'ws close', ws.closeCode)
const hist = await alice.get('/channels/room/messages?since=0&limit=1000'); const bySeq = new Map(hist.body.map((m: any) => [m.seq, m.body])); const wsBy = new Map(ws.frames.filter(f => f.envelope).map(f => [f.envelope.seq, f.envelope.body])); let diff = 0; for (const [s2, b] of wsBy) if (bySeq.get(s2) !== b) diff++; console.log('ws vs db body mismatches', diff, 'db rows', hist.body.length)
const after = await alice.post('/channels/room/messages', {body: 'after'})
console.log('post after', after.status)
const led = await alice.get('/channels/room/ledger')
console.log('ledger', led.status, JSON.stringify(led.body).slice(0, 200))
const hz = await alice.get('/healthz')
console.log('healthz', hz.status, JSON.stringify(hz.body).slice(0, 300))
ws.ws.close()
await h.close()
cluster.stop()
process.exit(0)
