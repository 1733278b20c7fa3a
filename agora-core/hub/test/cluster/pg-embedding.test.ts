// Semantic search's embedder with two hub processes on one PostgreSQL database: real hub
// processes, a local /v1/embeddings stub, one throw-away cluster.
import {expect} from 'chai'
import {exactly} from '../../../../test/helpers/present.js'
import {ADMIN_KEY, Caller} from '../helpers/hub.js'
import {EmbeddingStub} from '../helpers/embedding-stub.js'
import {freshDatabase} from '../helpers/pg-cluster.js'
import {until} from '../helpers/until.js'
import {spawnHub} from '../helpers/hub-process.js'
import type {HubProcess} from '../helpers/hub-process.js'

describe('the semantic-search embedder across hub processes on one PostgreSQL database', function () {
  this.timeout(120_000)
  let hubs: HubProcess[] = []
  let stub: EmbeddingStub | null = null
  afterEach(async () => {
    for (const h of hubs) await h.stop()
    hubs = []
    await stub?.close()
    stub = null
  })

  /** Two processes on a fresh database, bob in #garage, the endpoint set through A (before `later` more processes start). */
  async function world(later = 0) {
    stub = await EmbeddingStub.start()
    const db = await freshDatabase('embedding')
    const opts = {db, adminKey: ADMIN_KEY, voteSweepMs: 3_600_000}
    hubs = await Promise.all([spawnHub(opts), spawnHub(opts)])
    const [a] = exactly(hubs, 2)
    const admin = new Caller(a.url, 'admin', ADMIN_KEY)
    const key = (await admin.ok('POST', '/agents', {id: 'bob'})).api_key as string
    await new Caller(a.url, 'bob', key).ok('POST', '/channels', {name: 'garage', private: false})
    await admin.ok('PUT', '/admin/embedding', {url: stub.url, model: 'stub-embed-1'})
    for (let i = 0; i < later; i++) hubs.push(await spawnHub(opts))
    const texts = (): string[] => stub!.calls.flatMap(c => c.input)
    return {post: (h: HubProcess, body: string) => new Caller(h.url, 'bob', key).postMessage('garage', {body}), texts}
  }

  it('starts embedding on a running process when the endpoint is set through another', async () => {
    const {post, texts} = await world()
    const b = hubs[1]!
    // B starts its embedder on A's change event (a few milliseconds); a post B commits after that is embedded.
    await until('B to embed a post it committed', async () => {
      const body = `probe through B ${Date.now()}`
      await post(b, body)
      await new Promise(r => setTimeout(r, 100))
      return texts().some(t => t.includes(body))
    })
  })

  it('embeds each post once, on the process that committed it, though every process hears of every post', async () => {
    // C starts after the endpoint was set, so its embedder runs from its start.
    const {post, texts} = await world(1)
    const [a, , c] = exactly(hubs, 3)
    await post(a, 'the car will not start')
    await post(c, 'the truck will not start')
    // Sentinels after them on both processes: each embedder works in publish order, so once both
    // sentinels are embedded, any second embedding of the two posts above has already been asked for.
    await post(a, 'sentinel through A')
    await post(c, 'sentinel through C')
    await until('both sentinels embedded', () => ['sentinel through A', 'sentinel through C'].every(s => texts().some(t => t.includes(s))))
    const times = (s: string): number => texts().filter(t => t.includes(s)).length
    expect({car: times('the car will not start'), truck: times('the truck will not start')}).to.deep.equal({car: 1, truck: 1})
  })
})
