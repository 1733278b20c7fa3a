import {AgoraClient} from '@agora/client'
import {createHub} from '@agora/hub'
import {cacheKey, writeConfig} from '@agora/home'
import {expect} from 'chai'
import {chmodSync, mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {runAgora} from '../helpers/cli.js'

const ADMIN_KEY = 'doctor-test-admin-0123456789abcdef'

describe('agora doctor (real binary)', function () {
  this.timeout(120_000)
  let hub: Awaited<ReturnType<typeof createHub>>
  let home: string
  const env = (): Record<string, string> => ({AGORA_HOME: home, AGORA_URL: hub.url, AGORA_ADMIN_KEY: '', AGORA_AGENT_ID: ''})
  before(async () => {
    hub = await createHub({adminKey: ADMIN_KEY, db: ':memory:', host: '127.0.0.1', port: 0, notifyDir: null})
    home = join(mkdtempSync(join(tmpdir(), 'agora-doctor-')), 'home')
    writeConfig(home, {url: hub.url, admin_key: ADMIN_KEY})
    const {api_key} = await new AgoraClient({url: hub.url, adminKey: ADMIN_KEY}).registerAgent({id: 'alice', operator: true})
    cacheKey(home, hub.url, 'alice', api_key)
  })
  after(async () => hub?.close())

  it('shows the hub\'s self-checks, the seat\'s key and the home files on one screen, as JSON', async () => {
    const out = await runAgora(['doctor', '--as', 'alice', '--json'], {env: env(), timeoutMs: 60_000})
    const r = JSON.parse(out.stdout)
    expect(r.hub.doctor.checks.map((c: {name: string; ok: boolean}) => [c.name, c.ok])).to.deep.equal([
      ['operators', true], ['commons', true], ['seq', true], ['members', true], ['cache', true], ['hub-alerts', true], ['ledger', true]])
    expect(r.hub.seat).to.include({name: 'seat', ok: true})
    expect(r.files.map((c: {name: string; ok: boolean}) => [c.name, c.ok])).to.deep.equal([['home', true], ['keys.json', true], ['config.json', true]])
    expect(r.seat.agent).to.equal('alice')
    // Nothing listens for alice in this test, which the seat section reports as the one problem.
    expect(r.seat.problems).to.have.length(1)
    expect(r.ok).to.equal(false)
    expect(out.code).to.equal(1)
  })

  it('names a keys.json readable by others with the chmod that fixes it', async () => {
    chmodSync(join(home, 'keys.json'), 0o644)
    try {
      const out = await runAgora(['doctor', '--as', 'alice'], {env: env(), timeoutMs: 60_000})
      expect(out.stdout).to.match(/FAIL keys\.json\s+\S+keys\.json is 644; run chmod 600 \S+keys\.json/)
    } finally {
      chmodSync(join(home, 'keys.json'), 0o600)
    }
  })
})
