import {expect} from 'chai'
import {AgoraError} from '@agora/protocol'
import {DuplicateDedupeKey, HubRefusal, RateLimited, fail} from '../../src/errors.js'
import {mapError} from '../../src/http/app.js'

const thrown = (f: () => unknown): unknown => {
  try {
    f()
  } catch (err) {
    return err
  }
  throw new Error('expected a throw')
}

describe('hub errors', () => {
  it('fail throws a HubRefusal, an AgoraError the mapper answers with its status and detail', () => {
    const err = thrown(() => fail(404, "no channel 'x'; list channels with GET /channels"))
    expect(err).to.be.instanceOf(HubRefusal).and.instanceOf(AgoraError)
    expect(mapError(err)).to.deep.equal({status: 404, detail: "no channel 'x'; list channels with GET /channels"})
  })

  it('maps a RateLimited to 429 with its whole-second Retry-After', () => {
    const err = new RateLimited('posting rate limit reached; retry in 2.5s', 2.5)
    expect(err).to.be.instanceOf(HubRefusal)
    expect(mapError(err)).to.deep.equal({status: 429, detail: 'posting rate limit reached; retry in 2.5s', retryAfter: 3})
  })

  it('maps a DuplicateDedupeKey to the 409 that tells the seat to reply instead, naming channel and key', () => {
    const err = new DuplicateDedupeKey('room', 'release-42')
    expect(err).to.include({channel: 'room', key: 'release-42', status: 409})
    expect(mapError(err)).to.deep.equal({status: 409, detail: "you already posted a notice with key 'release-42' in 'room'; reply to it instead"})
  })

  // The wire form of a reused notice key is pinned end to end in test/work/post-gates.test.ts.
  it('maps a plain Error with no status to a 500 that says it was logged', () => {
    const write = process.stderr.write
    process.stderr.write = (() => true) as typeof process.stderr.write
    try {
      expect(mapError(new Error('boom')).status).to.equal(500)
    } finally {
      process.stderr.write = write
    }
  })
})
