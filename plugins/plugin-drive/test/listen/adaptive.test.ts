import {expect} from 'chai'
import {existsSync, readFileSync, statSync, writeFileSync} from 'node:fs'

import {adaptiveWindow, recordAdaptive} from '../../src/listen/adaptive.js'
import {ListenRefusal, runListen} from '../../src/listen/run-listen.js'
import type {ListenOptions} from '../../src/listen/run-listen.js'
import {seatFiles} from '../../src/seat-files.js'
import {appendNotify, notifyLine, sleep, tempHome} from '../helpers/home.js'

describe('adaptive', () => {
  let home: string
  let cleanup: () => void
  let out: string[]
  beforeEach(() => {
    ;({home, cleanup} = tempHome())
    out = []
  })
  afterEach(() => cleanup())

  const state = () => seatFiles(home, 'bob').listenBackoff
  const ceiling = () => (JSON.parse(readFileSync(state(), 'utf8')) as {ceiling: number}).ceiling

  it('starts at 60 s, doubles after a clean timeout up to the cap, and resets to 60 s after a wake', () => {
    expect(adaptiveWindow(state(), 1200)).to.equal(60)
    expect(recordAdaptive(state(), 'timeout', 60, 1200)).to.equal(120)
    expect(adaptiveWindow(state(), 1200)).to.equal(120)
    expect(recordAdaptive(state(), 'timeout', 960, 1200)).to.equal(1200)
    expect(recordAdaptive(state(), 'wake', 1200, 1200)).to.equal(60)
    const saved = JSON.parse(readFileSync(state(), 'utf8')) as {ceiling: number; updated: number}
    expect(saved.ceiling).to.equal(60)
    expect(saved.updated).to.be.a('number')
    expect(statSync(state()).mode & 0o777).to.equal(0o600)
  })

  it('clamps a stored ceiling into [60, cap] and starts over from a torn file', () => {
    writeFileSync(state(), JSON.stringify({ceiling: 5000, updated: 1}))
    expect(adaptiveWindow(state(), 300)).to.equal(300)
    writeFileSync(state(), JSON.stringify({ceiling: 3, updated: 1}))
    expect(adaptiveWindow(state(), 300)).to.equal(60)
    writeFileSync(state(), '{"ceil')
    expect(adaptiveWindow(state(), 300)).to.equal(60)
  })

  describe('runListen --once --adaptive', function () {
    this.timeout(20_000)
    // quiet windows of minutes pass in well under a second of test time
    const fastClock = (): (() => number) => {
      const base = Date.now()
      return () => base + (Date.now() - base) * 400
    }
    const options = (extra: Partial<ListenOptions> = {}): ListenOptions => ({
      agentId: 'bob', url: 'http://127.0.0.1:1', home, source: 'file', once: true, importantOnly: false, maxWaitS: null, debounceS: 0, heartbeatS: 300, adaptive: true, ...extra,
    })
    const ports = () => ({out: (l: string) => out.push(l), err: () => {}, hub: null, now: fastClock()})

    it('arms with the adaptive window and widens it after each quiet run, within --max-wait', async () => {
      writeFileSync(seatFiles(home, 'bob').notify, '', {mode: 0o600})
      expect((await runListen(options(), ports())).reason).to.equal('timeout')
      expect(out[0]).to.equal('AGORA_LISTEN armed source=file agent=bob hub=http://127.0.0.1:1 window=60')
      expect(ceiling()).to.equal(120)
      expect((await runListen(options({maxWaitS: 200}), ports())).reason).to.equal('timeout')
      expect(out.at(-1)).to.match(/ window=120$/)
      expect(ceiling()).to.equal(200)
    })

    it('goes back to 60 s after a wake', async () => {
      writeFileSync(seatFiles(home, 'bob').notify, '', {mode: 0o600})
      writeFileSync(state(), JSON.stringify({ceiling: 480, updated: 1}))
      const running = runListen(options(), {...ports(), now: Date.now})
      await sleep(200)
      appendNotify(seatFiles(home, 'bob').notify, notifyLine({channel: 'dm:alice--bob', seq: 1, sender: 'alice', id: 'm1', status: 'open', flags: 'to-me,open'}))
      const result = await running
      expect(result.code).to.equal(2)
      expect(out[0]).to.match(/ window=480$/)
      expect(ceiling()).to.equal(60)
    })

    it('refuses --adaptive without --once and touches nothing', async () => {
      await runListen(options({once: false}), ports()).then(() => expect.fail('listened'), (e: Error) => {
        expect(e).to.be.instanceOf(ListenRefusal)
        expect(e.message).to.match(/^--adaptive grows the wait window between --once runs; .* add --once, or drop --adaptive and set --max-wait$/)
      })
      expect(existsSync(state())).to.equal(false)
      expect(out).to.deep.equal([])
    })
  })
})
