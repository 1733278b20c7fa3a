import {expect} from 'chai'
import {trimWhenIdle} from '../src/idle-trim.js'

/** Burn CPU on this thread for about `ms` of wall time. */
function spin(ms: number): void {
  const end = Date.now() + ms
  let x = 0
  while (Date.now() < end) x += Math.sqrt(x + 1)
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('trimWhenIdle', () => {
  it('collects once after a busy stretch followed by a quiet interval', async () => {
    let trims = 0
    const stop = trimWhenIdle({intervalMs: 40, busyCpuMs: 30, idleCpuMs: 15}, () => { trims++ })
    try {
      spin(120)
      for (let i = 0; i < 50 && trims === 0; i++) await settle(40)
      expect(trims).to.equal(1)
      await settle(200)
      expect(trims).to.equal(1)
    } finally { stop() }
  })

  it('never collects while the process only idles', async () => {
    let trims = 0
    const stop = trimWhenIdle({intervalMs: 20, busyCpuMs: 10_000, idleCpuMs: 15}, () => { trims++ })
    try {
      await settle(300)
      expect(trims).to.equal(0)
    } finally { stop() }
  })
})
