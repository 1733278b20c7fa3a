import {expect} from 'chai'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createHub, type Hub} from '@agora/hub'
import {cacheKey} from '@agora/home'
import {FIXTURES} from '../helpers.js'
import {agora} from '../cli.js'
import {expectSchemaValid} from '../schema.js'
import {the} from '../../../test/helpers/present.js'

const ADMIN = 'presence-fallback-admin-key-0123456789'
const PLUGIN = join(FIXTURES, 'harness-mcp-caller')

describe('commands/harness-check C9 presence fallback', function () {
  this.timeout(180_000)
  let hub: Hub
  let root: string
  let env: Record<string, string>

  const register = async (id: string, operator: boolean): Promise<string> => {
    const res = await fetch(`${hub.url}/agents`, {method: 'POST', headers: {authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json'}, body: JSON.stringify({id, operator})})
    const body = (await res.json()) as {api_key: string}
    expect(res.ok, JSON.stringify(body)).to.equal(true)
    return body.api_key
  }

  beforeEach(async () => {
    hub = await createHub({db: ':memory:', port: 0, adminKey: ADMIN})
    root = mkdtempSync(join(tmpdir(), 'agora-presence-'))
    const home = join(root, 'agora-home')
    env = {
      PATH: `${join(PLUGIN, 'bin')}:${process.env.PATH ?? ''}`,
      HOME: root,
      AGORA_HOME: home,
      AGORA_DATA_DIR: join(root, 'data'),
      AGORA_CACHE_DIR: join(root, 'cache'),
      AGORA_CONFIG_DIR: join(root, 'config'),
      AGORA_ADMIN_KEY: ADMIN,
    }
    cacheKey(home, hub.url, 'probe-seat', await register('probe-seat', false))
    const linked = await agora(['plugins', 'link', '--no-install', PLUGIN], env, root)
    expect(linked.code, linked.stderr).to.equal(0)
  })
  afterEach(async () => {
    await hub.close()
    rmSync(root, {recursive: true, force: true})
  })

  const c9 = async () => {
    const result = await agora(['harness-check', 'fx-mcp-caller', '--live', '--live-timeout', '60', '--as', 'probe-seat', '--url', hub.url, '--json'], env, root)
    const report = JSON.parse(result.stdout)
    expectSchemaValid(report)
    return report.probes.find((p: {id: string}) => p.id === 'C9') as {status: string; detail: string}
  }

  it('passes an exit-code-only harness whose binary called whoami as the seat, read through an operator seat (the admin key is not a seat)', async () => {
    cacheKey(the(env, 'AGORA_HOME'), hub.url, 'op', await register('op', true))
    const probe = await c9()
    expect(probe.status, probe.detail).to.equal('PASS')
    expect(probe.detail).to.match(/^hub presence advanced during the turn — it authenticated as this seat \(read with seat op's key\)/)
  })

  it('fails, saying presence could not be read, when no credential but the seat\'s own can see it', async () => {
    const probe = await c9()
    expect(probe.status).to.equal('FAIL')
    expect(probe.detail).to.contain('hub presence could not be read with the admin key')
  })
})
