// One hub of the /owed + /inbox A/B bench (reads-ab.bench.ts), started with IPC: argv = <checkout root> <db> <admin key>.
// It runs that checkout's BUILT hub (agora-core/hub/dist) and counts every storage-port call (get/all/rows/run)
// on both adapters, so the bench can print queries per request for this checkout and the baseline alike.
import {onProfileMessage} from './child-profiler.mjs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

const [root, db, adminKey] = process.argv.slice(2)
const dist = (p) => pathToFileURL(join(root, 'agora-core', 'hub', 'dist', p)).href
let queries = 0
/** While set (the 'trace' message), every query's text and synchronous-or-awaited milliseconds are recorded. */
let trace = null
for (const [file, name] of [['db/sqlite-storage.js', 'SqliteStorage'], ['db/pg-storage.js', 'PgStorage']]) {
  const proto = (await import(dist(file)))[name].prototype
  for (const method of ['get', 'all', 'rows', 'run']) {
    const original = proto[method]
    proto[method] = function (...args) {
      queries++
      if (!trace) return original.apply(this, args)
      const t = performance.now(), entry = {sql: String(args[0]).replace(/\s+/g, ' ').slice(0, 160), ms: 0, rows: 0}
      trace.push(entry)
      return original.apply(this, args).then((r) => { entry.ms = performance.now() - t; entry.rows = Array.isArray(r) ? r.length : r ? 1 : 0; return r })
    }
  }
}
const {createHub} = await import(dist('index.js'))
const hub = await createHub({db, host: '127.0.0.1', port: 0, adminKey, ratePerMinute: 10_000_000, writeRatePerMinute: 10_000_000,
  notifyDir: null, voteSweepMs: 3_600_000})
process.send({type: 'ready', url: hub.url})
process.on('message', async (m) => {
  if (m === 'trace-start') { trace = []; process.send({type: 'tracing'}) }
  if (m === 'trace-stop') { process.send({type: 'traced', trace}); trace = null }
  if (m === 'stats') { const c = process.cpuUsage(); process.send({type: 'stats', us: c.user + c.system, queries}) }
  if (await onProfileMessage(m, 100)) return
  if (m === 'close') {
    await hub.close()
    process.send({type: 'closed'}, () => process.exit(0))
  }
})
process.on('disconnect', () => process.exit(0))
