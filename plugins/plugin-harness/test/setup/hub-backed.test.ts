import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {cacheKey, writeConfig} from '@agora/home'
import {createHub} from '@agora/hub'
import {expect} from 'chai'

import {runSetup} from '../../src/setup/run-setup.js'
import {input, tree} from './helpers.js'

const ADMIN = 'setup-test-admin-key-0123456789'

type Hub = Awaited<ReturnType<typeof createHub>>

async function call(hub: Hub, method: string, path: string, key: string, body?: unknown): Promise<any> {
  const response = await fetch(hub.url + path, {
    method, headers: {Authorization: `Bearer ${key}`, 'Content-Type': 'application/json'}, body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(response.status, `${method} ${path}`).to.be.below(300)
  return response.json()
}

describe('runSetup against a live hub', () => {
  let hub: Hub
  let aliceKey: string

  before(async () => {
    hub = await createHub({db: ':memory:', host: '127.0.0.1', port: 0, adminKey: ADMIN, notifyDir: null})
    aliceKey = (await call(hub, 'POST', '/agents', ADMIN, {id: 'alice', mission: 'Review the parser; never merge.'})).api_key
    const bob = (await call(hub, 'POST', '/agents', ADMIN, {id: 'bob'})).api_key
    await call(hub, 'POST', '/channels', bob, {name: 'design', private: false})
  })

  after(async () => hub.close())

  it('mirrors the mission from GET /whoami with the cached key, joins --channels, and stays READY', async () => {
    const run = input(['claude', 'cursor'], {url: hub.url, channels: ['design']})
    cacheKey(run.home, hub.url, 'alice', aliceKey)
    const result = await runSetup(run)
    expect(result.status, result.issues.join('; ')).to.equal('READY')
    expect(result.mission).to.equal('mirrored')
    expect(result.channels.joined).to.deep.equal(['design'])
    for (const rule of ['CLAUDE.md', '.cursor/rules/agora.mdc']) {
      const text = readFileSync(join(run.workspace, rule), 'utf8')
      expect(text).to.include('<!-- agora:mission:begin -->\n## Your mission').and.include('Review the parser; never merge.')
    }
    expect(JSON.stringify(tree(run.workspace))).not.to.include(aliceKey)
  })

  it('repairs a stale mission block on re-run and keeps it when the hub later goes quiet', async () => {
    const run = input(['cursor'], {url: hub.url})
    cacheKey(run.home, hub.url, 'alice', aliceKey)
    await runSetup(run)
    const rule = join(run.workspace, '.cursor/rules/agora.mdc')
    writeFileSync(rule, readFileSync(rule, 'utf8').replace('Review the parser; never merge.', 'A stale mission.'))
    await runSetup(run)
    expect(readFileSync(rule, 'utf8')).to.include('Review the parser; never merge.').and.not.include('A stale mission.')
    const quiet = await runSetup({...run, url: 'http://127.0.0.1:9'})
    expect(quiet.mission).to.equal('skipped')
    expect(readFileSync(rule, 'utf8')).to.include('Review the parser; never merge.')
  })

  it('self-registers with the admin key when config.json names this hub, caching the key outside the workspace', async () => {
    const run = input(['pi'], {url: hub.url})
    writeConfig(run.home, {url: hub.url, admin_key: ADMIN})
    const result = await runSetup({...run, seatId: 'carol'})
    expect(result.mission).to.equal('none')
    const keys = JSON.parse(readFileSync(join(run.home, 'keys.json'), 'utf8'))
    expect(keys[`${hub.url}::carol`]).to.match(/^agora_/)
    expect(JSON.stringify(tree(run.workspace))).not.to.include(keys[`${hub.url}::carol`])
  })
})
