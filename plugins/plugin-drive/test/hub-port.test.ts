import {cacheKey} from '@agora/home'
import {expect} from 'chai'
import {createServer} from 'node:http'
import type {IncomingHttpHeaders, Server} from 'node:http'
import type {AddressInfo} from 'node:net'

import {HubCallError, httpHub} from '../src/hub-port.js'
import {tempHome} from './helpers/home.js'
import {openWorld} from './helpers/world.js'
import type {World} from './helpers/world.js'

describe('httpHub (reception over @agora/client)', function () {
  this.timeout(30_000)

  describe('against a real hub', () => {
    let world: World
    beforeEach(async () => {
      world = await openWorld()
    })
    afterEach(async () => world.close())

    it("answers with the seat's cached key: whoami, owed, channels and health", async () => {
      await world.alice.call('POST', '/dms/bob/messages', {status: 'open', title: 'q', body: '?', asks: [{id: 'q1', text: '?', to: ['bob']}]})
      const hub = httpHub({url: world.hub.url, agentId: 'bob', home: world.home})
      expect((await hub.whoami()).id).to.equal('bob')
      const owed = await hub.owed({reception: true})
      expect(owed.to_answer.map((row) => row.channel)).to.deep.equal(['dm:alice--bob'])
      expect((await hub.channels()).map((c) => c.name)).to.include('dm:alice--bob')
      expect(await hub.healthz()).to.equal(true)
    })

    it('refuses with a HubCallError that names the fix when no key is cached, and carries the status of a hub refusal', async () => {
      const stranger = httpHub({url: world.hub.url, agentId: 'carol', home: world.home})
      const missing = await stranger.whoami().catch((error: unknown) => error)
      expect(missing).to.be.instanceOf(HubCallError).and.include({status: 401})
      expect((missing as Error).message).to.include('agora setup carol')
      const bob = httpHub({url: world.hub.url, agentId: 'bob', home: world.home})
      const absent = await bob.storeGet('dm:alice--bob', 'no/such/key').catch((error: unknown) => error)
      expect(absent).to.be.instanceOf(HubCallError)
      expect((absent as HubCallError).status).to.be.oneOf([403, 404])
    })

    it('reads the key on every call, so a key seeded after start is used without a restart', async () => {
      const hub = httpHub({url: world.hub.url, agentId: 'alice', home: world.home})
      expect(await hub.whoami().catch((error: unknown) => (error as HubCallError).status)).to.equal(401)
      cacheKey(world.home, world.hub.url, 'alice', world.alice.key)
      expect((await hub.whoami()).id).to.equal('alice')
    })

    it('says the hub is unreachable with status 0 and healthz false', async () => {
      const url = world.hub.url
      const elsewhere = tempHome()
      cacheKey(elsewhere.home, url, 'bob', world.bob.key)
      await world.close()
      const hub = httpHub({url, agentId: 'bob', home: elsewhere.home, timeoutMs: 1000})
      expect(await hub.healthz()).to.equal(false)
      const down = await hub.owed().catch((error: unknown) => error)
      expect(down).to.be.instanceOf(HubCallError).and.include({status: 0})
      expect((down as Error).message).to.include('unreachable')
      elsewhere.cleanup()
      world = await openWorld()
    })
  })

  describe('headers', () => {
    let server: Server
    let seen: IncomingHttpHeaders[]
    let url: string
    const home = tempHome()
    before(async () => {
      seen = []
      server = createServer((req, res) => {
        seen.push(req.headers)
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({to_answer: [], to_consume: []}))
      })
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      cacheKey(home.home, url, 'bob', 'agora_test_key')
    })
    after(() => {
      server.close()
      home.cleanup()
    })

    it('arms reception with X-Agora-Reception: 1, the value the hub honours, and marks hook calls', async () => {
      await httpHub({url, agentId: 'bob', home: home.home, headers: {'x-agora-hook': '1'}}).owed({reception: true})
      expect(seen.at(-1)).to.include({'x-agora-reception': '1', 'x-agora-hook': '1', 'x-agora-client': 'agora-reception/0.1', authorization: 'Bearer agora_test_key'})
      await httpHub({url, agentId: 'bob', home: home.home}).owed()
      expect(seen.at(-1)).to.not.have.property('x-agora-reception')
    })
  })
})
