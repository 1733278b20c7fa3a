import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {eventually, seat, startHub} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/hanging-agent.ts')

describe('runAgent signals', () => {
  let hub: RunningHub
  beforeEach(async () => { hub = await startHub() })
  afterEach(async () => { await hub.close() })

  it('waits for the handler in flight on the first SIGTERM and exits at once on the second', async () => {
    const alice = await seat(hub.url, 'alice')
    const bob = await seat(hub.url, 'bob')
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=agora-source', FIXTURE], {
      env: {...process.env, AGORA_URL: hub.url, AGORA_AGENT_ID: 'alice', AGORA_API_KEY: alice.apiKey!}, stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null}>((done) => child.on('exit', (code, signal) => done({code, signal})))
    try {
      await eventually(() => /event=ready/.test(stderr), 'the agent to be ready')
      await bob.postDm('alice', {body: 'hang on this', status: 'open'})
      await eventually(() => stderr.includes('handler-started'), 'the handler to be in flight')
      child.kill('SIGTERM')
      await eventually(() => /event=signal signal=SIGTERM detail="stopping/.test(stderr), 'the first signal to be logged')
      expect(child.exitCode).to.equal(null)
      child.kill('SIGTERM')
      const {signal} = await exited
      expect(signal).to.equal('SIGTERM')
      expect(stderr).to.match(/second signal: exiting without waiting/)
      expect(stderr).not.to.match(/event=stopped/)
    } finally {
      child.kill('SIGKILL')
    }
  })
})
