import {expect} from 'chai'

import {TurnGate} from '../../src/openrig/turn-gate.js'

const later = () => {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return {open, opened}
}

describe('TurnGate (one turn at a time for hub wakes and pane messages)', () => {
  it('runs turns one at a time in arrival order, and is busy while one runs or waits', async () => {
    const gate = new TurnGate()
    const order: string[] = []
    const first = later()
    const a = gate.exclusive(async () => { order.push('a start'); await first.opened; order.push('a end') })
    const b = gate.exclusive(async () => { order.push('b') })
    expect(gate.busy).to.equal(true)
    await new Promise((r) => setTimeout(r, 10))
    expect(order).to.deep.equal(['a start'])
    first.open()
    await Promise.all([a, b])
    expect(order).to.deep.equal(['a start', 'a end', 'b'])
    expect(gate.busy).to.equal(false)
  })

  it('cancels only the running turn; the next one gets a fresh signal', async () => {
    const gate = new TurnGate()
    const seen: boolean[] = []
    const a = gate.exclusive((signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => { seen.push(true); resolve() })))
    const b = gate.exclusive(async (signal) => { seen.push(signal.aborted) })
    await new Promise((r) => setTimeout(r, 10))
    expect(gate.cancel()).to.equal(true)
    await Promise.all([a, b])
    expect(seen).to.deep.equal([true, false])
    expect(gate.cancel(), 'nothing runs').to.equal(false)
  })

  it('aborts the running turn when the drive\'s own signal fires, and keeps going after a turn that threw', async () => {
    const outer = new AbortController()
    const gate = new TurnGate(outer.signal)
    const failed = gate.exclusive(async () => { throw new Error('boom') })
    const aborted = gate.exclusive((signal) => new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('aborted'))))
    await failed.catch(() => undefined)
    await new Promise((r) => setTimeout(r, 10))
    outer.abort()
    expect(await aborted).to.equal('aborted')
    expect(await gate.exclusive(async (signal) => signal.aborted), 'later turns see the drive stopping').to.equal(true)
  })
})
