import {statSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {resolveIdentity} from '../src/identity.js'
import {ADMIN_KEY, startHub} from './helpers/hub.js'
import type {TestHub} from './helpers/hub.js'
import {bindingEnv, connectSeat, must, tempHome} from './helpers/process.js'

describe('identity', function () {
  this.timeout(60_000)
  let hub: TestHub

  before(async () => { hub = await startHub(['alice']) })
  after(async () => { await hub?.close() })

  it('uses the key cached under "<url>::<id>" for the hub it targets', async () => {
    const identity = await resolveIdentity({AGORA_HOME: hub.home, AGORA_URL: `${hub.url}/`, AGORA_AGENT_ID: 'alice'}, '0.1.0')
    expect(identity).to.include({url: hub.url, agentId: 'alice', keySource: 'cache', apiKey: hub.keys[`${hub.url}::alice`]})
  })

  it('self-registers with the admin key of the hub config.json names and caches the key 0600', async () => {
    const home = tempHome({config: {url: hub.url, admin_key: ADMIN_KEY}})
    const dave = await connectSeat(bindingEnv({AGORA_HOME: home, AGORA_URL: hub.url, AGORA_AGENT_ID: 'dave'}))
    try {
      expect(await must(dave, 'whoami')).to.include('You are seat "dave"')
    } finally {
      await dave.close()
    }
    const keys = JSON.parse(readFileSync(join(home, 'keys.json'), 'utf8')) as Record<string, string>
    expect(keys[`${hub.url}::dave`]).to.match(/^agora_[0-9a-f]{48}$/)
    expect(statSync(join(home, 'keys.json')).mode & 0o777).to.equal(0o600)
  })

  it('does not self-register on a hub that config.json does not name, even with AGORA_ADMIN_KEY set', async () => {
    const home = tempHome({config: {url: 'http://127.0.0.1:9', admin_key: ADMIN_KEY}})
    let error: Error | undefined
    try {
      await resolveIdentity({AGORA_HOME: home, AGORA_URL: hub.url, AGORA_AGENT_ID: 'erin', AGORA_ADMIN_KEY: ADMIN_KEY}, '0.1.0')
    } catch (caught) {
      error = caught as Error
    }
    expect(error?.message).to.include('no API key for "erin"').and.include(join(home, 'keys.json'))
  })
})
