import {expect} from 'chai'

import {runAgora} from '../helpers/cli.js'
import {tempHome} from '../helpers/home.js'

describe('agora hook', () => {
  it('exits 0 without hanging when stdin stays open and the hub is down', async () => {
    const {home, cleanup} = tempHome()
    try {
      const run = await runAgora(['hook', 'Stop', '--as', 'bob', '--url', 'http://127.0.0.1:9', '--home', home], {input: '{"status":"completed"', keepStdinOpen: true, timeoutMs: 15_000})
      expect(run.code).to.equal(0)
      expect(run.stdout).to.equal('')
      expect(run.stderr).to.match(/^agora hook Stop: reception unavailable: no key cached for bob/)
    } finally {
      cleanup()
    }
  })

  it('exits 0 on an unknown event name', async () => {
    const run = await runAgora(['hook', 'Bogus', '--as', 'bob'], {timeoutMs: 15_000})
    expect(run.code).to.equal(0)
    expect(run.stderr).to.include('reception unavailable')
  })
})
