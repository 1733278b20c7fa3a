// Every 429 says when to come back: `Retry-After` in whole seconds on HTTP, the same number as
// `retry_after` on a WS error frame. fs and store writes draw from their own write budget.
import {expect} from 'chai'
import {TestHub, threeSeats} from '../../helpers/hub.js'
import {WsSeat} from '../../helpers/ws.js'
import {WRITE_BURST} from '../../../src/limits.js'

function retryAfter(headers: Record<string, string | string[] | undefined>): number {
  const raw = headers['retry-after']
  expect(raw, 'Retry-After header').to.be.a('string')
  expect(raw).to.match(/^\d+$/)
  return Number(raw)
}

describe('429 answers and the write budget', () => {
  let h: TestHub
  afterEach(async () => { await h.close() })

  it('sends Retry-After on a posting-rate 429, and the WS error frame carries it as retry_after', async () => {
    const t = 1_800_000_000
    h = await TestHub.start({ratePerMinute: 1, now: () => t})
    const {alice} = await threeSeats(h)
    for (let i = 0; i < 20; i++) await alice.postMessage('room', {body: `n${i}`})
    const r = await alice.call('POST', '/channels/room/messages', {body: 'one too many'})
    expect(r.status).to.equal(429)
    expect(r.body.detail).to.match(/posting rate limit reached; retry in/)
    expect(retryAfter(r.headers)).to.equal(60)
    const ws = await WsSeat.connect(h.url, alice.key as string)
    try {
      const err = await ws.post('room', {body: 'over ws'})
      expect(err).to.include({type: 'error', status: 429, retry_after: 60})
    } finally {
      ws.close()
    }
  })

  it('sends Retry-After on an attachment upload refused by the posting budget', async () => {
    const t = 1_800_000_000
    h = await TestHub.start({ratePerMinute: 2, now: () => t})
    const {alice} = await threeSeats(h)
    for (let i = 0; i < 20; i++) await alice.postMessage('room', {body: `n${i}`})
    const r = await alice.call('POST', '/channels/room/attachments?filename=a.txt', 'x', {'content-type': 'text/plain'})
    expect(r.status).to.equal(429)
    expect(retryAfter(r.headers)).to.equal(30)
  })

  it('sends Retry-After on a critical-budget 429, counting to when the oldest critical leaves the hour', async () => {
    let t = 1_800_000_000
    h = await TestHub.start({now: () => t})
    const olga = await h.register('olga', {operator: true})
    await olga.ok('POST', '/channels', {name: 'ops'})
    for (let i = 0; i < 5; i++) {
      await olga.postMessage('ops', {body: `fire ${i}`, critical: true})
      t += 10
    }
    const r = await olga.call('POST', '/channels/ops/messages', {body: 'fire 5', critical: true})
    expect(r.status).to.equal(429)
    expect(retryAfter(r.headers)).to.equal(3600 - 50)
  })

  it('refuses fs PUTs past the write burst with 429 and writes nothing', async () => {
    const t = 1_800_000_000
    h = await TestHub.start({writeRatePerMinute: 6, now: () => t})
    const {alice, bob} = await threeSeats(h)
    for (let i = 0; i < WRITE_BURST; i++) {
      const ok = await alice.call('PUT', `/channels/room/fs/f${i}.md`, {content: `v${i}`})
      expect(ok.status, ok.text).to.equal(200)
    }
    const before = await bob.history('room')
    const r = await alice.call('PUT', '/channels/room/fs/extra.md', {content: 'no'})
    expect(r.status).to.equal(429)
    expect(r.body.detail).to.match(/write rate limit reached/)
    expect(retryAfter(r.headers)).to.equal(10)
    expect((await bob.call('GET', '/channels/room/fs/extra.md')).status).to.equal(404)
    expect(await bob.history('room')).to.have.length(before.length)
    const store = await alice.call('PUT', '/channels/room/store/k', {value: 1})
    expect(store.status).to.equal(429)
    expect((await bob.call('PUT', '/channels/room/store/k', {value: 2})).status).to.equal(200)
  })

  it('keeps posting and writing in separate buckets', async () => {
    const t = 1_800_000_000
    h = await TestHub.start({ratePerMinute: 1, now: () => t})
    const {alice} = await threeSeats(h)
    for (let i = 0; i < 20; i++) await alice.postMessage('room', {body: `n${i}`})
    expect((await alice.call('PUT', '/channels/room/store/k', {value: 1})).status).to.equal(200)
  })
})
