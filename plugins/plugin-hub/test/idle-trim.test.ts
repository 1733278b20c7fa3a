import {expect} from 'chai'
import {trimWhenIdle} from '../src/idle-trim.js'

/**
 * A CPU clock the test advances: the real one also counts other suites' timers and GC threads in
 * this process, which on a loaded machine looked busy at random and made trims come and go.
 */
function fakeCpu(): {cpuMs: () => number; burn: (ms: number) => void} {
  let ms = 0
  return {cpuMs: () => ms, burn: (n) => { ms += n }}
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Wait (bounded) until `count()` reaches `n`. */
async function until(count: () => number, n: number): Promise<void> {
  for (let i = 0; i < 100 && count() < n; i++) await settle(20)
}

describe('trimWhenIdle', () => {
  it('collects once at its first quiet interval, since starting up counts as busy, and not again while idle', async () => {
    let trims = 0
    const cpu = fakeCpu()
    const stop = trimWhenIdle({intervalMs: 20, busyCpuMs: 10_000, idleCpuMs: 15, cpuMs: cpu.cpuMs}, () => { trims++ })
    try {
      await until(() => trims, 1)
      expect(trims).to.equal(1)
      await settle(300)
      expect(trims).to.equal(1)
    } finally { stop() }
  })

  it('collects again after a busy stretch followed by a quiet interval', async () => {
    let trims = 0
    const cpu = fakeCpu()
    const stop = trimWhenIdle({intervalMs: 40, busyCpuMs: 30, idleCpuMs: 15, cpuMs: cpu.cpuMs}, () => { trims++ })
    try {
      await until(() => trims, 1)
      cpu.burn(120)
      await until(() => trims, 2)
      expect(trims).to.equal(2)
      await settle(200)
      expect(trims).to.equal(2)
    } finally { stop() }
  })
})
