import {expect} from 'chai'
import {gzipSync} from 'node:zlib'
import {hasNonFiniteLiteral} from '../../../src/http/body.js'
import {call, scratchHub} from '../helpers.js'

describe('jsonBody', () => {
  it('spots NaN and Infinity literals only outside strings', () => {
    expect(hasNonFiniteLiteral('{"v":NaN}')).to.equal(true)
    expect(hasNonFiniteLiteral('{"v":-Infinity}')).to.equal(true)
    expect(hasNonFiniteLiteral('{"v":"NaN"}')).to.equal(false)
    expect(hasNonFiniteLiteral('{"v":NaN')).to.equal(false)
  })

  it('answers unparseable JSON with a 422 detail list and oversized bodies with 413', async () => {
    const hub = await scratchHub()
    try {
      const bad = await call(hub, 'POST', '/agents', hub.adminKey, '{"id":')
      expect(bad.status).to.equal(422)
      expect(bad.body.detail[0]).to.include({type: 'json_invalid'})
      const big = await call(hub, 'POST', '/agents', hub.adminKey, JSON.stringify({id: 'x'.repeat(7 * 1024 * 1024)}))
      expect(big.status).to.equal(413)
      const nan = await call(hub, 'POST', '/agents', hub.adminKey, '{"id":"a","name":NaN}')
      expect(nan.status).to.equal(400)
    } finally { await hub.close() }
  })

  it('refuses a compressed body with 415 naming the encoding, and registers nothing; identity passes', async () => {
    const hub = await scratchHub()
    try {
      const gz = await fetch(`${hub.url}/agents`, {method: 'POST', body: gzipSync(JSON.stringify({id: 'zed'})),
        headers: {authorization: `Bearer ${hub.adminKey}`, 'content-type': 'application/json', 'content-encoding': 'gzip'}})
      expect(gz.status).to.equal(415)
      expect(await gz.json()).to.deep.equal({detail: 'request bodies are not accepted compressed (Content-Encoding: gzip); send the body uncompressed'})
      expect((await call(hub, 'GET', '/agents/zed', hub.adminKey)).status).to.equal(404)
      const plain = await call(hub, 'POST', '/agents', hub.adminKey, {id: 'zed'}, {'content-encoding': 'identity'})
      expect(plain.status).to.equal(200)
    } finally { await hub.close() }
  })
})
