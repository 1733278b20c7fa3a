import {expect} from 'chai'
import {spawn, type ChildProcess} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {AgoraClient} from '@agora/client'
import {createHub} from '@agora/hub'
import {PLAIN_TEXT, startModelStub, type ModelStub} from '@agora/model-stub'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const ADMIN_KEY = 'examples-admin-key-0123456789abcdef'

/** One example agent as a reader runs it: its own node process through tsx, against the built packages. */
class ExampleAgent {
  stderr = ''
  readonly exited: Promise<number | null>
  private readonly child: ChildProcess

  constructor(example: string, env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'docs/examples', example, 'agent.ts')], {
      cwd: join(REPO, 'docs/examples', example), env: {...process.env, ...env}, stdio: ['ignore', 'ignore', 'pipe'],
    })
    this.child.stderr!.on('data', (chunk: Buffer) => { this.stderr += chunk.toString() })
    this.exited = new Promise((done) => this.child.on('exit', (code) => done(code)))
  }

  async until(pattern: RegExp, what: string): Promise<void> {
    for (let i = 0; i < 1200 && !pattern.test(this.stderr); i++) await new Promise((r) => setTimeout(r, 25))
    if (!pattern.test(this.stderr)) throw new Error(`gave up waiting for ${what}; stderr so far:\n${this.stderr}`)
  }

  stop(): Promise<number | null> {
    this.child.kill('SIGTERM')
    return this.exited
  }
}

async function answerTo(client: AgoraClient, channel: string, asked: {id: string; seq: number}): Promise<{body: string; data: unknown; sender: string}> {
  for (let i = 0; i < 800; i++) {
    const reply = (await client.history(channel, {since: asked.seq})).find((m) => m.reply_to === asked.id)
    if (reply) return reply
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`no answer to ${channel}#${asked.seq}`)
}

describe('the runAgent examples (docs/examples/agent-*)', function () {
  this.timeout(60_000)
  let hub: Awaited<ReturnType<typeof createHub>>
  let home: string
  let alice: AgoraClient
  let agent: ExampleAgent | undefined

  beforeEach(async () => {
    hub = await createHub({adminKey: ADMIN_KEY, db: ':memory:', host: '127.0.0.1', notifyDir: null, port: 0, ratePerMinute: 6000, voteSweepMs: 3_600_000})
    home = mkdtempSync(join(tmpdir(), 'agora-agent-example-'))
    alice = await register('alice')
  })
  afterEach(async () => {
    if (agent) await agent.stop()
    agent = undefined
    await hub.close()
    rmSync(home, {recursive: true, force: true})
  })

  async function register(id: string): Promise<AgoraClient> {
    const {api_key} = await new AgoraClient({url: hub.url, adminKey: ADMIN_KEY}).registerAgent({id})
    return new AgoraClient({url: hub.url, apiKey: api_key})
  }

  describe('agent-openai', () => {
    let stub: ModelStub
    beforeEach(async () => { stub = await startModelStub() })
    afterEach(async () => { await stub.close() })

    it('answers an ask end to end through the openai SDK against the model stub, then stops on SIGTERM', async () => {
      const oracle = await register('oracle')
      agent = new ExampleAgent('agent-openai', {
        AGORA_URL: hub.url, AGORA_AGENT_ID: 'oracle', AGORA_API_KEY: oracle.apiKey!, AGORA_HOME: home,
        OPENAI_BASE_URL: `${stub.url}/v1`, OPENAI_API_KEY: 'stub-key', OPENAI_MODEL: 'stub-model',
      })
      await agent.until(/AGORA_AGENT event=ready seat=oracle/, 'the agent to be ready')
      const asked = await alice.postDm('oracle', {body: 'What is 6 times 7?', status: 'open', asks: [{id: 'q1', text: 'What is 6 times 7?'}]})
      const answer = await answerTo(alice, asked.channel, asked)

      expect(answer).to.include({sender: 'oracle', body: PLAIN_TEXT})
      expect((answer.data as {answers: string[]}).answers).to.deep.equal(['q1'])
      const call = stub.requests.find((r) => r.api === 'responses')!
      expect(call.body).to.include({model: 'stub-model', input: 'What is 6 times 7?'})
      expect(call.headers.authorization).to.equal('Bearer stub-key')
      expect(await agent.stop()).to.equal(0)
      expect(agent.stderr).to.match(/AGORA_AGENT event=stopped seat=oracle handled=1 failed=0/)
      expect(existsSync(join(home, 'agent-oracle-cursor.json'))).to.equal(true)
      agent = undefined
    })
  })

  describe('agent-echo', () => {
    it('echoes an ask, declines one too long, records the store row and never answers an fyi', async () => {
      const echo = await register('echo')
      await alice.createChannel('desk', {private: false})
      await echo.joinChannel('desk')
      agent = new ExampleAgent('agent-echo', {AGORA_URL: hub.url, AGORA_AGENT_ID: 'echo', AGORA_API_KEY: echo.apiKey!, AGORA_HOME: home})
      await agent.until(/AGORA_AGENT event=ready seat=echo/, 'the agent to be ready')
      await alice.postMessage('desk', {body: 'just saying hi', to: ['echo']})
      const short = await alice.postMessage('desk', {body: 'ping', status: 'open', to: ['echo'], asks: [{id: 'a', text: 'ping'}]})
      const long = await alice.postMessage('desk', {body: 'x'.repeat(600), status: 'open', to: ['echo'], asks: [{id: 'b', text: 'echo this'}]})

      expect(await answerTo(alice, 'desk', short)).to.include({sender: 'echo', body: 'echo: ping'})
      const declined = await answerTo(alice, 'desk', long)
      expect((declined.data as {declines: string[]}).declines).to.deep.equal(['b'])
      expect((await alice.storeGet('desk', 'echoed:alice')).value).to.deep.equal({last: short.id, at: short.created_at})
      expect(await agent.stop()).to.equal(0)
      const replies = (await alice.history('desk')).filter((m) => m.sender === 'echo' && m.kind === 'message')
      expect(replies.map((m) => m.reply_to)).to.deep.equal([short.id, long.id])
      agent = undefined
    })
  })
})
