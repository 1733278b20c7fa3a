import {expect} from 'chai'

import {AgoraHttpError} from '@agora/client'

import {withinBudget} from '../src/budget.js'
import type {AgentLogEntry} from '../src/log.js'
import {eventually, seat, startHub, startRunner} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'
import {the} from '../../../test/helpers/present.js'

describe('withinBudget', () => {
  let hub: RunningHub
  // 60 a minute refills one token a second: slow enough that 25 quick posts always outrun the burst of 20, even on a
  // loaded box (at 600 a minute a slow box refilled fast enough to never see a 429), and each wait stays about a second.
  beforeEach(async () => { hub = await startHub({ratePerMinute: 60}) })
  afterEach(async () => { await hub.close() })

  it('waits out each 429 for the time the hub names and gets every post through', async () => {
    const alice = await seat(hub.url, 'alice')
    const logs: AgentLogEntry[] = []
    const seqs: number[] = []
    for (let i = 0; i < 25; i++) {
      const posted = await withinBudget(() => alice.postMessage('commons', {body: `n${i}`}), {retries: 5, logger: (e) => logs.push(e), what: 'post commons'})
      seqs.push(posted.seq)
    }
    expect(seqs).to.have.length(25)
    const backoffs = logs.filter((l) => l.event === 'backoff')
    expect(backoffs.length).to.be.greaterThan(0)
    expect(backoffs[0]).to.include({status: 429, what: 'post commons'})
    expect(the(backoffs, 0).retry_ms).to.be.a('number').and.greaterThan(0)
  })

  it('throws the 429 once the retries are spent', async () => {
    const alice = await seat(hub.url, 'alice')
    let refused: unknown
    for (let i = 0; i < 25 && !refused; i++) {
      await withinBudget(() => alice.postMessage('commons', {body: `n${i}`}), {retries: 0, logger: () => {}, what: 'post'}).catch((e: unknown) => { refused = e })
    }
    expect(refused).to.be.instanceOf(AgoraHttpError)
    expect((refused as AgoraHttpError).status).to.equal(429)
  })

  it('lets a runner handler post past the hub budget without failing the message', async () => {
    const alice = await seat(hub.url, 'alice')
    const bob = await seat(hub.url, 'bob')
    const {runner, logs} = await startRunner(alice, 'alice', async (_message, ctx) => {
      for (let i = 0; i < 24; i++) await ctx.post('commons', {body: `fan-out ${i}`})
    }, {replyCap: {max: 100}})
    try {
      await bob.postMessage('commons', {body: 'fan out please', status: 'open', to: ['alice']})
      await eventually(() => runner.handled === 1 || runner.failures.length > 0, 'the handler to settle')
      expect(runner.failures).to.deep.equal([])
      expect((await alice.history('commons')).filter((m) => m.body.startsWith('fan-out '))).to.have.length(24)
      expect(logs.some((l) => l.event === 'backoff')).to.equal(true)
    } finally {
      await runner.stop()
    }
  })
})
