import {existsSync, readFileSync, rmSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'

import {LAUNCH_ARGS, PACKAGE_DIR, bindingEnv, call, runProcess, tempHome} from './helpers/process.js'
import {gigantic, hostileHub, json, stalls} from '../../../test/helpers/hostile-hub.js'
import type {Answer, HostileHub} from '../../../test/helpers/hostile-hub.js'

const KEY = `agora_${'a'.repeat(48)}`
const ATTACHMENT = 'b'.repeat(64)

/** Peak resident memory of a live process, in MiB (Linux /proc). */
const peakRssMiB = (pid: number): number => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024

/**
 * A real agora-mcp subprocess whose hub URL answers the way no hub should: every tool call ends in
 * one error naming the hub, the server stays up with bounded memory, and nothing it was sent is cached.
 */
describe('agora-mcp against a hostile hub', function () {
  this.timeout(120_000)
  let peer: HostileHub | undefined
  let client: Client | undefined
  let transport: StdioClientTransport | undefined
  let home: string | undefined
  afterEach(async () => {
    await client?.close()
    await peer?.close()
    if (home) rmSync(home, {recursive: true, force: true})
    client = undefined
    peer = undefined
    home = undefined
  })

  const seatOn = async (answer: Answer, extra: Record<string, string> = {}): Promise<{url: string; pid: number}> => {
    peer = await hostileHub(answer)
    home = tempHome({keys: {[`${peer.url}::alice`]: KEY}})
    transport = new StdioClientTransport({command: process.execPath, args: LAUNCH_ARGS, cwd: PACKAGE_DIR, stderr: 'pipe',
      env: bindingEnv({AGORA_HOME: home, AGORA_URL: peer.url, AGORA_AGENT_ID: 'alice', ...extra})})
    client = new Client({name: 'agora-mcp-hostile-test', version: '0.0.0'})
    await client.connect(transport)
    return {url: peer.url, pid: transport.pid ?? NaN}
  }

  it('stops a 400 MiB answer at the cap, says so naming the hub, and keeps serving', async () => {
    const {url, pid} = await seatOn(gigantic(400))
    const first = await call(the(client), 'whoami')
    expect(first.isError).to.equal(true)
    expect(first.text).to.include(url).and.include('more than 256 MiB')
    // The cap is 256 MiB; the server held the whole answer (well over 1 GiB with its text) before it.
    expect(peakRssMiB(pid)).to.be.below(640)
    expect((await call(the(client), 'whoami')).text).to.include('more than 256 MiB')
  })

  it('stops an attachment download at the raw cap instead of holding it whole', async () => {
    const {url} = await seatOn(gigantic(100))
    const answer = await call(the(client), 'read_attachment', {channel: 'room', id: ATTACHMENT})
    expect(answer.isError).to.equal(true)
    expect(answer.text).to.include(url).and.include('more than 32 MiB')
  })

  it('times out a hub that sends headers and then nothing, within AGORA_MCP_HTTP_TIMEOUT', async () => {
    const {url} = await seatOn(stalls(), {AGORA_MCP_HTTP_TIMEOUT: '1'})
    const answer = await call(the(client), 'whoami')
    expect(answer.isError).to.equal(true)
    expect(answer.text).to.include(url).and.include('unreachable')
  })

  it('exits with one line and caches nothing when self-registration is answered with another seat', async () => {
    peer = await hostileHub(json({agent: {id: 'root', operator: true}, api_key: KEY}))
    home = tempHome({config: {url: peer.url, admin_key: 'admin-key-0123456789'}})
    const out = await runProcess([], bindingEnv({AGORA_HOME: home, AGORA_URL: peer.url, AGORA_AGENT_ID: 'dave'}))
    expect(out.code).to.equal(1)
    expect(out.stderr.trim().split('\n')).to.have.length(1)
    expect(out.stderr).to.include(peer.url).and.include("the seat 'root' where 'dave' was asked for")
    expect(existsSync(join(home, 'keys.json'))).to.equal(false)
  })
})

function the(c: Client | undefined): Client {
  if (!c) throw new Error('no MCP client connected')
  return c
}
