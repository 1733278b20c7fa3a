import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {expect} from 'chai'
import {AgoraClient} from '@agora/client'
import {createHub} from '@agora/hub'
import type {Hub} from '@agora/hub'
import {the} from '../../../test/helpers/present.js'

const BRIDGE = new URL('../assets/agora-bridge.js', import.meta.url).href
/** The repository's real `agora-mcp` bin (compiled @agora/mcp). */
const AGORA_MCP = fileURLToPath(new URL('../../../bin/agora-mcp.js', import.meta.url))
const ADMIN = 'bridge-test-admin-key-0123456789'

interface Tool {name: string; parameters: {properties: object}; execute(id: string, params: object): Promise<{content: Array<{text: string}>}>}

/** pi's extension host as the bridge sees it: event handlers and a tool registry. */
function extensionHost() {
  const handlers = new Map<string, () => Promise<void>>()
  const tools = new Map<string, Tool>()
  return {
    tools,
    api: {on: (event: string, fn: () => Promise<void>) => handlers.set(event, fn), registerTool: (tool: Tool) => tools.set(tool.name, tool)},
    emit: (event: string) => handlers.get(event)!(),
  }
}

describe('agora-bridge', () => {
  let hub: Hub
  let home: string
  const saved = {...process.env}

  before(async () => {
    hub = await createHub({db: ':memory:', host: '127.0.0.1', port: 0, adminKey: ADMIN, notifyDir: null})
    const seat = await new AgoraClient({url: hub.url, adminKey: ADMIN}).registerAgent({id: 'pi-seat', about: 'bridged'})
    home = mkdtempSync(join(tmpdir(), 'agora-bridge-'))
    writeFileSync(join(home, 'keys.json'), JSON.stringify({[`${hub.url}::pi-seat`]: seat.api_key}), {mode: 0o600})
  })

  beforeEach(() => {
    Object.assign(process.env, {AGORA_MCP_COMMAND: AGORA_MCP, AGORA_URL: hub.url, AGORA_AGENT_ID: 'pi-seat', AGORA_HOME: home, AGORA_ABOUT: 'bridged', AGORA_API_KEY: 'agora_must_not_reach_the_server_0000000000'})
  })

  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
  })

  after(async () => {
    await hub.close()
    rmSync(home, {recursive: true, force: true})
  })

  it("registers agora's tools as agora_<name> and calls the real server as the seat", async () => {
    const host = extensionHost()
    const {default: bridge} = await import(BRIDGE)
    bridge(host.api)
    await host.emit('session_start')
    try {
      expect([...host.tools.keys()]).to.include.members(['agora_whoami', 'agora_check_inbox'])
      expect(host.tools.get('agora_check_inbox')!.parameters).to.have.property('properties')
      const result = await host.tools.get('agora_whoami')!.execute('call-1', {})
      expect(the(result.content, 0).text).to.contain('pi-seat')
    } finally {
      await host.emit('session_shutdown')
    }
  })

  it("throws the server's message when a tool reports isError", async () => {
    process.env.AGORA_URL = 'http://127.0.0.1:9'
    writeFileSync(join(home, 'keys.json'), JSON.stringify({'http://127.0.0.1:9::pi-seat': `agora_${'x'.repeat(40)}`}), {mode: 0o600})
    const host = extensionHost()
    const {default: bridge} = await import(BRIDGE)
    bridge(host.api)
    await host.emit('session_start')
    try {
      let error: Error | null = null
      await host.tools.get('agora_whoami')!.execute('call-2', {}).catch((e: Error) => { error = e })
      expect(error, 'the call failed loudly').to.be.instanceOf(Error)
      expect(error!.message).to.contain('unreachable')
    } finally {
      await host.emit('session_shutdown')
    }
  })

  it('says so on stderr and registers nothing when the server cannot start', async () => {
    process.env.AGORA_MCP_COMMAND = '/nonexistent/agora-mcp'
    const host = extensionHost()
    const {default: bridge} = await import(BRIDGE)
    const lines: string[] = []
    const original = console.error
    console.error = (line: string) => lines.push(line)
    try {
      bridge(host.api)
      await host.emit('session_start')
    } finally {
      console.error = original
      await host.emit('session_shutdown')
    }
    expect(host.tools.size).to.equal(0)
    expect(lines.join('\n')).to.contain('agora bridge: startup failed: cannot start /nonexistent/agora-mcp')
  })
})
