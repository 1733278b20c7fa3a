import {expect} from 'chai'
import {progressLine} from '../src/progress-line.js'
import type {Probe} from '../src/types.js'

const probe = {id: 'C9', capability: 'live-turn'} as Probe

describe('progress-line', () => {
  it('redraws the harness, probe and elapsed seconds while a probe runs, and erases the line when it ends', async () => {
    const written: string[] = []
    let clock = 0
    const progress = progressLine({isTTY: true, write: (text: string) => written.push(text)}, 'opencode', 5, () => clock)
    progress.start!(probe)
    clock = 12_400
    await new Promise((resolve) => setTimeout(resolve, 30))
    progress.done!({id: 'C9', capability: 'live-turn', status: 'PASS', detail: '', limitation: null})
    const count = written.length
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(written[0]).to.equal('\r\u001b[2K  opencode C9 live-turn … 0s')
    expect(written).to.include('\r\u001b[2K  opencode C9 live-turn … 12s')
    expect(written.at(-1)).to.equal('\r\u001b[2K')
    expect(written.length, 'no redraw after the probe ended').to.equal(count)
  })

  it('writes nothing to a stream that is not a terminal', () => {
    expect(progressLine({isTTY: false, write: () => { throw new Error('wrote') }}, 'codex')).to.deep.equal({})
  })
})
