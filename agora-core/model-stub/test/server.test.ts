import {expect} from 'chai'
import {startModelStub, type ModelStub} from '../src/server.js'
import {the} from '../../../test/helpers/present.js'

describe('server', () => {
  let stub: ModelStub
  beforeEach(async () => {
    stub = await startModelStub()
  })
  afterEach(async () => {
    await stub.close()
  })

  it('listens on 127.0.0.1 at a free port and reports its URL', () => {
    expect(stub.url).to.equal(`http://127.0.0.1:${stub.port}`)
    expect(stub.port).to.be.greaterThan(0)
  })

  it('answers HEAD / (the probe one CLI sends first)', async () => {
    const res = await fetch(`${stub.url}/`, {method: 'HEAD'})
    expect(res.status).to.equal(200)
  })

  it('answers count_tokens with a fixed count', async () => {
    const res = await fetch(`${stub.url}/v1/messages/count_tokens?beta=true`, {method: 'POST', body: '{}'})
    expect(await res.json()).to.deep.equal({input_tokens: 10})
  })

  it('refuses an unknown route with a 404 naming the routes it serves', async () => {
    const res = await fetch(`${stub.url}/v1/models`)
    expect(res.status).to.equal(404)
    const body = (await res.json()) as {error: {message: string}}
    expect(body.error.message).to.contain('/v1/chat/completions')
  })

  it('refuses a non-JSON body with a 400', async () => {
    const res = await fetch(`${stub.url}/v1/chat/completions`, {method: 'POST', body: 'nope'})
    expect(res.status).to.equal(400)
  })

  it('records every request with its path, API and reply', async () => {
    await fetch(`${stub.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({model: 'm', messages: [{role: 'user', content: 'hi'}]}),
    })
    expect(stub.requests).to.have.length(1)
    expect(stub.requests[0]).to.include({method: 'POST', path: '/v1/chat/completions', api: 'chat'})
    expect(the(stub.requests, 0).reply).to.deep.equal({kind: 'text', text: 'fake-ok'})
    expect(the(stub.requests, 0).body).to.deep.include({model: 'm'})
  })
})
