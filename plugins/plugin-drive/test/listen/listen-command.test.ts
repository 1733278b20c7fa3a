import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {runAgora} from '../helpers/cli.js'
import {openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

describe('agora listen', function () {
  this.timeout(60_000)
  let world: World
  beforeEach(async () => {
    world = await openWorld()
  })
  afterEach(async () => world.close())

  it('exits 2 with a backlog wake when something is owed, 0 when quiet, and 1 without an identity', async () => {
    await world.alice.call('POST', '/dms/bob/messages', {status: 'open', title: 'q', body: '?', asks: [{id: 'q1', text: '?', to: ['bob']}]})
    const env = {AGORA_HOME: world.home}
    const woke = await runAgora(['listen', '--once', '--as', 'bob', '--url', world.hub.url, '--max-wait', '5'], {env})
    expect(woke.code).to.equal(2)
    expect(woke.stdout).to.match(/^AGORA_WAKE agent=bob n=0 backlog oldest=dm:alice--bob#\d+,\d+s,names-you owed=1\n$/)
    expect(woke.stderr).to.include('AGORA: reception for bob; 1 owed an answer')
    const quiet = await runAgora(['listen', '--once', '--as', 'bob', '--url', world.hub.url, '--max-wait', '1'], {env})
    expect(quiet.code).to.equal(0)
    expect(quiet.stdout).to.match(/^AGORA_LISTEN armed source=file agent=bob hub=\S+ window=1\n$/)
    const nobody = await runAgora(['listen', '--once'], {env: {...env, AGORA_AGENT_ID: ''}, cwd: world.root})
    expect(nobody.code).to.equal(1)
    expect(nobody.stdout).to.equal('AGORA_LISTEN ended reason=no-identity\n')
  })
  it('ends at once with reason=driven-turn inside a driven or checked turn, even with mail owed', async () => {
    await world.alice.call('POST', '/dms/bob/messages', {status: 'open', title: 'q', body: '?', asks: [{id: 'q1', text: '?', to: ['bob']}]})
    for (const marker of ['driven', 'check']) {
      const run = await runAgora(['listen', '--once', '--as', 'bob', '--url', world.hub.url, '--important-only', '--max-wait', '900'], {env: {AGORA_HOME: world.home, AGORA_TURN: marker}, timeoutMs: 20_000})
      expect(run.code).to.equal(0)
      expect(run.stdout).to.equal('AGORA_LISTEN ended reason=driven-turn\n')
    }
  })

  it('refuses --adaptive without --once, and with --once waits the adaptive window capped by --max-wait', async () => {
    const env = {AGORA_HOME: world.home}
    const state = join(world.home, 'listen-bob.backoff')
    const refused = await runAgora(['listen', '--adaptive', '--as', 'bob', '--url', world.hub.url], {env})
    expect(refused.code).to.equal(1)
    expect(refused.stdout).to.equal('')
    expect(refused.stderr).to.include('agora listen: --adaptive grows the wait window between --once runs')
    expect(existsSync(state)).to.equal(false)
    const quiet = await runAgora(['listen', '--once', '--adaptive', '--as', 'bob', '--url', world.hub.url, '--max-wait', '1'], {env})
    expect(quiet.code).to.equal(0)
    expect(quiet.stdout).to.match(/^AGORA_LISTEN armed source=file agent=bob hub=\S+ window=1\n$/)
    expect(JSON.parse(readFileSync(state, 'utf8'))).to.include({ceiling: 1})
  })
})
