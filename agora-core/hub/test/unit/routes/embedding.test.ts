import {expect} from 'chai'
import {type Caller, TestHub, sleep} from '../../helpers/hub.js'
import {EmbeddingStub} from '../../helpers/embedding-stub.js'

describe('semantic search through an operator-configured /v1/embeddings endpoint', () => {
  let h: TestHub
  let stub: EmbeddingStub
  let alice: Caller, bob: Caller
  let clock = 1_800_000_000

  const waitEmbedded = async () => {
    for (let i = 0; i < 100; i++) {
      const s = await h.admin.ok('GET', '/admin/embedding')
      if (s.embedded === s.messages) return s
      await sleep(20)
    }
    throw new Error('new posts were never embedded')
  }

  beforeEach(async () => {
    h = await TestHub.start({now: () => (clock += 0.01)})
    stub = await EmbeddingStub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'garage', [bob])
  })
  afterEach(async () => {
    await h.close()
    await stub.close()
  })

  it('reports semantic search off until an endpoint is set', async () => {
    expect(await h.admin.ok('GET', '/admin/embedding')).to.include({enabled: false, url: null, model: null, has_key: false, coverage: null})
    expect((await bob.get('/admin/embedding')).status).to.equal(403)
  })

  it('probes the endpoint, embeds the existing messages and never serves the key back', async () => {
    await bob.postMessage('garage', {body: 'the car will not start'})
    const put = await h.admin.ok('PUT', '/admin/embedding', {url: stub.url, model: 'stub-embed-1', api_key: 'sk-test-123'})
    expect(put).to.include({enabled: true, url: `${stub.url}/v1/embeddings`, model: 'stub-embed-1', has_key: true, backfilled: put.messages, error: null})
    expect(put.embedded).to.equal(put.messages)
    expect(JSON.stringify(await h.admin.ok('GET', '/admin/embedding'))).not.to.contain('sk-test-123')
    expect(stub.calls.every(c => c.authorization === 'Bearer sk-test-123' && c.model === 'stub-embed-1')).to.equal(true)
  })

  it('finds by meaning what lexical search cannot, on mode=semantic and mode=auto', async () => {
    const car = await bob.postMessage('garage', {body: 'the car will not start'})
    await bob.postMessage('garage', {body: 'lunch is at noon'})
    await h.admin.ok('PUT', '/admin/embedding', {url: stub.url, model: 'stub-embed-1'})
    const lexical = await alice.ok('GET', '/search?q=automobile&mode=lexical')
    expect(lexical.messages.total).to.equal(0)
    const semantic = await alice.ok('GET', '/search?q=automobile&mode=semantic')
    expect(semantic).to.include({mode_used: 'semantic', semantic_coverage: 1, notice: null})
    expect(semantic.messages.hits.map((x: any) => x.ref)).to.deep.equal([car.id])
    const auto = await alice.ok('GET', '/search?q=automobile')
    expect(auto.mode_used).to.equal('hybrid')
    expect(auto.messages.hits.map((x: any) => x.ref)).to.deep.equal([car.id])
  })

  it('embeds new posts as they land, drops a retracted one, and keeps private rooms private', async () => {
    await h.admin.ok('PUT', '/admin/embedding', {url: stub.url, model: 'stub-embed-1'})
    const carol = await h.register('carol')
    await h.channel(carol, 'vault', [])
    await carol.postMessage('vault', {body: 'my sedan is parked in bay 4'})
    const m = await bob.postMessage('garage', {body: 'vehicle inspection due friday'})
    await waitEmbedded()
    const hits = (await alice.ok('GET', '/search?q=car&mode=semantic')).messages.hits.map((x: any) => x.ref)
    expect(hits).to.deep.equal([m.id])
    await bob.ok('POST', `/channels/garage/messages/${m.id}/retract`)
    expect((await alice.ok('GET', '/search?q=car&mode=semantic')).messages.hits).to.deep.equal([])
  })

  it('refuses an endpoint that does not answer, saving nothing, and degrades with a notice when it dies later', async () => {
    stub.failWith = 500
    const refused = await h.admin.put('/admin/embedding', {url: stub.url, model: 'stub-embed-1'})
    expect(refused.status).to.equal(400)
    expect(refused.body.detail).to.match(/did not answer a probe \(HTTP 500/)
    expect((await h.admin.ok('GET', '/admin/embedding')).enabled).to.equal(false)
    expect((await h.admin.put('/admin/embedding', {url: 'ftp://x', model: 'm'})).status).to.equal(400)
    expect((await h.admin.put('/admin/embedding', {url: stub.url})).status).to.equal(422)
    stub.failWith = null
    await h.admin.ok('PUT', '/admin/embedding', {url: stub.url, model: 'stub-embed-1'})
    await bob.postMessage('garage', {body: 'car keys are on the hook'})
    await waitEmbedded()
    stub.failWith = 503
    const degraded = await alice.ok('GET', '/search?q=car&mode=semantic')
    expect(degraded.mode_used).to.equal('lexical')
    expect(degraded.notice).to.equal(`search lexical-only: the embedding endpoint failed (HTTP 503 from ${stub.url}/v1/embeddings) — a zero here does not prove absence.`)
    expect(degraded.messages.total, 'the lexical answer is still served').to.equal(1)
  })

  it('returns to lexical-only search on DELETE', async () => {
    await h.admin.ok('PUT', '/admin/embedding', {url: stub.url, model: 'stub-embed-1'})
    expect(await h.admin.ok('DELETE', '/admin/embedding')).to.include({enabled: false, embedded: 0})
    const r = await alice.ok('GET', '/search?q=car&mode=semantic')
    expect(r).to.include({mode_used: 'lexical', notice: 'search lexical-only: semantic is not enabled on this hub — a zero here does not prove absence.'})
  })
})
