// V8 keeps the heap it grew under load (young generation at its maximum, freed old-space pages
// pooled) long after the load is gone; its own memory reducer waits for a major GC that an idle
// hub never triggers. A long-lived hub returns that memory itself: once busy, then idle for a
// whole interval, it asks for two full collections, the second of which can release what the first freed.
import {setFlagsFromString} from 'node:v8'
import {runInNewContext} from 'node:vm'

export interface IdleTrimOptions {
  intervalMs: number
  busyCpuMs: number
  idleCpuMs: number
  /** The process's CPU time in ms; injectable so tests decide what was busy instead of racing the machine's load. */
  cpuMs?: () => number
}
// At most one trim (two full GCs, ~10–30 ms with a small live heap) per second of busy CPU: a bounded cost.
export const IDLE_TRIM_DEFAULTS: IdleTrimOptions = {intervalMs: 10_000, busyCpuMs: 1000, idleCpuMs: 50}

/** The process's garbage collector, exposed once (node documents --expose-gc through setFlagsFromString). */
function exposeGc(): () => void {
  const existing = (globalThis as {gc?: () => void}).gc
  if (existing) return existing
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

/** Start watching CPU use; returns a stop function. The timer never keeps the process alive. */
export function trimWhenIdle(options: IdleTrimOptions = IDLE_TRIM_DEFAULTS, onTrim?: () => void): () => void {
  const gc = exposeGc()
  const cpuMs = options.cpuMs ?? ((): number => { const c = process.cpuUsage(); return (c.user + c.system) / 1000 })
  let last = cpuMs()
  // Starting up (module compilation, migrations) counts as busy: the first quiet interval trims it (~84 → ~67 MB measured).
  let busySinceTrim = options.busyCpuMs
  const timer = setInterval(() => {
    const now = cpuMs()
    const used = now - last
    last = now
    if (used > options.idleCpuMs) { busySinceTrim += used; return }
    if (busySinceTrim < options.busyCpuMs) return
    busySinceTrim = 0
    gc()
    gc()
    last = cpuMs()
    onTrim?.()
  }, options.intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
