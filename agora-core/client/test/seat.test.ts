import {cacheKey, keysPath, writeConfig} from '@agora/home'
import {expect} from 'chai'
import {mkdtempSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {AgoraClient} from '../src/client.js'
import {connectAsSeat} from '../src/seat.js'
import {ADMIN_KEY, seat, startHub} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'

describe('seat', () => {
  let hub: RunningHub
  let home: string
  before(async () => {
    hub = await startHub()
  })
  after(async () => hub.close())
  beforeEach(() => {
    home = join(mkdtempSync(join(tmpdir(), 'agora-seat-')), 'home')
  })

  const refusal = async (promise: Promise<unknown>): Promise<Error> => {
    const error = await promise.then(() => null, (e: unknown) => e)
    expect(error).to.be.instanceOf(Error)
    return error as Error
  }

  it('uses a non-empty AGORA_API_KEY before anything else', async () => {
    const alice = await seat(hub.url, 'alice-env')
    const got = await connectAsSeat({env: {AGORA_API_KEY: alice.apiKey}, home, url: hub.url})
    expect(got.keySource).to.equal('env')
    expect((await got.client.whoami()).id).to.equal('alice-env')
  })

  it('uses the cached key for "<url>::<id>"', async () => {
    const bob = await seat(hub.url, 'bob-cache')
    cacheKey(home, hub.url + '/', 'bob-cache', bob.apiKey!)
    const got = await connectAsSeat({agentId: 'bob-cache', env: {AGORA_API_KEY: ''}, home, url: hub.url})
    expect(got.keySource).to.equal('cache')
    expect((await got.client.whoami()).id).to.equal('bob-cache')
  })

  it('self-registers with config.json admin_key when config.json url is this hub and caches the key 0600', async () => {
    writeConfig(home, {admin_key: ADMIN_KEY, url: hub.url})
    const got = await connectAsSeat({about: 'fresh', agentId: 'carol-reg', env: {}, home, url: hub.url})
    expect(got.keySource).to.equal('registered')
    expect(await got.client.whoami()).to.include({about: 'fresh', id: 'carol-reg'})
    expect(statSync(keysPath(home)).mode & 0o777).to.equal(0o600)
    const again = await connectAsSeat({agentId: 'carol-reg', env: {}, home, url: hub.url})
    expect(again.keySource).to.equal('cache')
  })

  it('never sends config.json admin_key to a hub other than config.json url', async () => {
    writeConfig(home, {admin_key: ADMIN_KEY, url: 'http://127.0.0.1:1'})
    const error = await refusal(connectAsSeat({agentId: 'dan-foreign', env: {}, home, url: hub.url}))
    expect(error.message).to.include(keysPath(home)).and.include('agora register dan-foreign')
    const admin = new AgoraClient({adminKey: ADMIN_KEY, url: hub.url})
    expect((await admin.registerAgent({id: 'dan-foreign'})).agent.id).to.equal('dan-foreign')
  })

  it('tells the operator how to seed the key when the id exists but is not cached (409)', async () => {
    await seat(hub.url, 'erin-taken')
    writeConfig(home, {admin_key: ADMIN_KEY, url: hub.url})
    const error = await refusal(connectAsSeat({agentId: 'erin-taken', env: {}, home, url: hub.url}))
    expect(error.message).to.include('agora seed-key erin-taken').and.include(keysPath(home))
  })

  it('names keys.json and `agora register` when no key can be found', async () => {
    const error = await refusal(connectAsSeat({agentId: 'fay', env: {}, home, url: hub.url}))
    expect(error.message).to.include(keysPath(home)).and.include('agora register fay')
  })

  it('asks for an identity when neither a key nor an id is given', async () => {
    const error = await refusal(connectAsSeat({env: {}, home, url: hub.url}))
    expect(error.message).to.match(/--as <id>.*AGORA_AGENT_ID/)
  })
})
