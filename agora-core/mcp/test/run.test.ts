import {expect} from 'chai'

import {bindingEnv, runProcess, tempHome} from './helpers/process.js'
import {only} from '../../../test/helpers/present.js'

describe('runAgoraMcp', () => {
  it('prints one JSON self-check line with the agora and SDK versions and exits 0', async () => {
    const {code, stdout} = await runProcess(['--self-check'], bindingEnv({AGORA_HOME: tempHome()}))
    expect(code).to.equal(0)
    const lines = stdout.trim().split('\n')
    expect(lines).to.have.length(1)
    const check = JSON.parse(only(lines)) as Record<string, unknown>
    expect(Object.keys(check)).to.deep.equal(['component', 'status', 'agora', 'mcp_sdk'])
    expect(check).to.include({component: 'agora-mcp', status: 'ok', agora: '0.1.0'})
    expect(check.mcp_sdk).to.match(/^1\.\d+\.\d+$/)
  })

  it('refuses any other argument with usage and exit 2', async () => {
    const {code, stderr} = await runProcess(['--serve'], bindingEnv({AGORA_HOME: tempHome()}))
    expect(code).to.equal(2)
    expect(stderr).to.include('usage: agora-mcp')
  })

  it('stops at startup with exit 1 when no seat id is given', async () => {
    const home = tempHome()
    const {code, stderr} = await runProcess([], bindingEnv({AGORA_HOME: home, AGORA_URL: 'http://127.0.0.1:9'}))
    expect(code).to.equal(1)
    expect(stderr).to.include('AGORA_AGENT_ID is not set').and.include('agora register <id>')
  })

  it('stops at startup with exit 1 naming keys.json and agora register when the seat has no key', async () => {
    const home = tempHome()
    const {code, stderr} = await runProcess([], bindingEnv({AGORA_HOME: home, AGORA_URL: 'http://127.0.0.1:9', AGORA_AGENT_ID: 'bob'}))
    expect(code).to.equal(1)
    expect(stderr).to.include(`${home}/keys.json`).and.include('agora register bob').and.include('http://127.0.0.1:9::bob')
  })

  it('never uses a key cached for another hub URL', async () => {
    const home = tempHome({keys: {'http://127.0.0.1:8765::bob': 'agora_' + 'a'.repeat(48)}})
    const {code, stderr} = await runProcess([], bindingEnv({AGORA_HOME: home, AGORA_URL: 'http://127.0.0.1:9/', AGORA_AGENT_ID: 'bob'}))
    expect(code).to.equal(1)
    expect(stderr).to.include('no API key for "bob" on http://127.0.0.1:9')
  })
})
