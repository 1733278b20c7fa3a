// The hub under benchmark, alone in its own process so its RSS is its own. Started by
// hub.bench.ts with IPC; imports @agora/hub (compiled dist when built, else source via tsx).
import {readFileSync} from 'node:fs'
import {PerformanceObserver} from 'node:perf_hooks'
import {onProfileMessage} from './child-profiler.mjs'
import {createHub} from '@agora/hub'

const [db, adminKey] = process.argv.slice(2)
const hub = await createHub({db, host: '127.0.0.1', port: 0, adminKey, ratePerMinute: 10_000_000, writeRatePerMinute: 10_000_000,
  notifyDir: null, voteSweepMs: 3_600_000})
process.send({type: 'ready', url: hub.url})
// Every GC pause the main thread took, so a read's tail can be told apart from the computation ('gc' message).
const gc = {ms: 0, count: 0, max: 0, maxKind: 'none'}
const GC_KINDS = {1: 'scavenge', 4: 'mark-compact', 8: 'incremental marking', 16: 'weak callbacks'}
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gc.ms += e.duration
    gc.count++
    if (e.duration > gc.max) { gc.max = e.duration; gc.maxKind = GC_KINDS[e.detail?.kind] ?? `kind ${e.detail?.kind}` }
  }
}).observe({entryTypes: ['gc']})
process.on('message', async (m) => {
  if (m === 'rss') {
    const before = process.memoryUsage()
    globalThis.gc?.()
    const after = process.memoryUsage()
    const status = readFileSync('/proc/self/status', 'utf8')
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024
    process.send({type: 'rss', ...before, rssAfterGc: after.rss, heapUsedAfterGc: after.heapUsed, heapTotalAfterGc: after.heapTotal,
      rssAnon: kb('RssAnon'), rssFile: kb('RssFile'), rssShmem: kb('RssShmem')})
  }
  // BENCH_PROFILE: a CPU profile of one phase, written as a .cpuprofile file for DevTools.
  if (await onProfileMessage(m, 50)) return
  if (m === 'gc') { process.send({type: 'gc', ...gc}); gc.max = 0; gc.maxKind = 'none' }
  if (m === 'cpu') { const c = process.cpuUsage(); process.send({type: 'cpu', us: c.user + c.system}) }
  if (m === 'close') {
    await hub.close()
    process.send({type: 'closed'}, () => process.exit(0))
  }
})
// If the bench process dies, the IPC channel closes: never outlive it.
process.on('disconnect', () => process.exit(0))
