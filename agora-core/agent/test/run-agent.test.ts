import {expect} from 'chai'
import {existsSync} from 'node:fs'
import {join} from 'node:path'

import {AGENT_DEFAULTS, resolveAgentOptions} from '../src/options.js'
import {runAgent} from '../src/run-agent.js'
import {eventually, seat, startHub, tempDir} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'

describe('runAgent', () => {
  let hub: RunningHub
  beforeEach(async () => { hub = await startHub() })
  afterEach(async () => { await hub.close() })

  it('resolves the seat key from AGORA_API_KEY, saves the cursor under AGORA_HOME and stops on a signal', async () => {
    const alice = await seat(hub.url, 'alice')
    const bob = await seat(hub.url, 'bob')
    const home = tempDir()
    const got: string[] = []
    const runner = await runAgent({
      url: hub.url, seat: 'alice', env: {AGORA_API_KEY: alice.apiKey, AGORA_HOME: home}, stopOn: ['SIGUSR2'],
      handler: async (message) => { got.push(message.body ?? '') },
    })
    await bob.postDm('alice', {body: 'hello alice', status: 'open'})
    await eventually(() => got.length === 1, 'the DM')
    process.kill(process.pid, 'SIGUSR2')
    await runner.done
    expect(got).to.deep.equal(['hello alice'])
    expect(existsSync(join(home, 'agent-alice-cursor.json'))).to.equal(true)
    expect(process.listenerCount('SIGUSR2')).to.equal(0)
  })

  it('refuses a key that speaks as another seat', async () => {
    const alice = await seat(hub.url, 'alice')
    const error = await runAgent({url: hub.url, seat: 'bob', client: alice, stopOn: [], cursorFile: null, handler: () => {}})
      .then(() => null, (e: unknown) => e) as Error
    expect(error.message).to.match(/speaks as alice, not bob/)
  })

  it('fills the documented defaults and refuses a guardrail set to nothing', () => {
    const resolved = resolveAgentOptions({url: 'http://127.0.0.1:1', seat: 'echo', home: '/tmp/h', handler: () => {}})
    expect(resolved).to.include({includeFyi: false, threadTurnCap: 12, handlerTimeoutMs: 120_000, rateLimitRetries: 5, cursorFile: '/tmp/h/agent-echo-cursor.json'})
    expect(resolved.replyCap).to.deep.equal(AGENT_DEFAULTS.replyCap)
    expect(() => resolveAgentOptions({url: 'http://x', seat: 'echo', handler: () => {}, replyCap: {max: 0}}))
      .to.throw(/replyCap.max must be an integer ≥ 1, got 0; omit it for the default 8/)
    expect(() => resolveAgentOptions({url: 'http://x', seat: '', handler: () => {}})).to.throw(/needs seat/)
  })
})
