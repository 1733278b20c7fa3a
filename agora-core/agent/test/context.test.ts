import {expect} from 'chai'

import type {AgoraClient, Envelope} from '@agora/client'

import {AgentContext} from '../src/context.js'
import {ReplyCap} from '../src/guards.js'
import type {AgentLogEntry} from '../src/log.js'
import {seat, startHub} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'

describe('AgentContext', () => {
  let hub: RunningHub
  let alice: AgoraClient
  let bob: AgoraClient
  let logs: AgentLogEntry[]

  beforeEach(async () => {
    hub = await startHub()
    alice = await seat(hub.url, 'alice')
    bob = await seat(hub.url, 'bob')
    await seat(hub.url, 'carol').then((c) => c.joinChannel('commons'))
    logs = []
  })
  afterEach(async () => { await hub.close() })

  /** The envelope bob's inbox holds for a message, and a context for it. */
  async function contextFor(id: string, options: {cap?: number; controller?: AbortController} = {}): Promise<AgentContext> {
    const envelope = (await bob.inbox()).find((e) => e.id === id) as Envelope
    expect(envelope, 'the envelope in bob\'s inbox').to.not.equal(undefined)
    const controller = options.controller ?? new AbortController()
    return new AgentContext(envelope, {
      client: bob, seat: 'bob', replyCap: new ReplyCap(options.cap ?? 8, 60_000), rateLimitRetries: 1,
      logger: (e) => logs.push(e), signal: controller.signal, onPosted: () => {},
    })
  }

  it('answers only the asks meant for this seat and fetches a body the envelope left out', async () => {
    const long = 'x'.repeat(5000)
    const asked = await alice.postMessage('commons', {
      body: long, status: 'open', asks: [{id: 'mine', text: 'for bob', to: ['bob']}, {id: 'theirs', text: 'for carol', to: ['carol']}, {id: 'any', text: 'anyone'}],
    })
    const ctx = await contextFor(asked.id)
    expect(ctx.message.body).to.equal(null)
    expect(await ctx.body()).to.equal(long)
    expect(await ctx.owedAsks()).to.deep.equal(['mine', 'any'])
    const answer = await ctx.answer('done')
    expect(answer).to.include({status: 'reply', reply_to: asked.id})
    expect((answer.data as {answers: string[]}).answers).to.deep.equal(['mine', 'any'])
    expect((await alice.messageBySeq('commons', asked.seq)).pending_asks).to.deep.equal(['theirs'])
  })

  it('declines on the record, asks the sender back, and reads the thread root first', async () => {
    const asked = await alice.postMessage('commons', {body: 'can you?', status: 'open', to: ['bob'], asks: [{id: 'q', text: 'can you?'}]})
    const ctx = await contextFor(asked.id)
    const declined = await ctx.decline('not my lane')
    expect((declined.data as {declines: string[]}).declines).to.deep.equal(['q'])
    const back = await ctx.ask('who owns it then?')
    expect(back).to.include({status: 'open', reply_to: asked.id})
    expect(back.to).to.deep.equal(['alice'])
    expect((await ctx.thread()).map((m) => m.id)).to.deep.equal([asked.id, declined.id, back.id])
  })

  it('consumes an answer to its own ask so it leaves to_consume', async () => {
    const mine = await bob.postMessage('commons', {body: 'q?', status: 'open', to: ['alice'], asks: [{id: 'q', text: 'q?'}]})
    const answer = await alice.postMessage('commons', {body: 'a', status: 'reply', reply_to: mine.id, answers: ['q']})
    expect((await bob.owed()).to_consume.map((r) => r.answer_id)).to.deep.equal([answer.id])
    const ctx = await contextFor(answer.id)
    await ctx.consume()
    expect((await bob.owed()).to_consume).to.deep.equal([])
  })

  it('uses the channel store and file system', async () => {
    const asked = await alice.postMessage('commons', {body: 'store it', status: 'open', to: ['bob']})
    const ctx = await contextFor(asked.id)
    await ctx.store.put('claim:x', {owner: 'bob'}, {expectVersion: 0})
    expect((await ctx.store.get('claim:x')).value).to.deep.equal({owner: 'bob'})
    await ctx.fs.write('notes/a.md', '# A', {description: 'a note'})
    expect((await ctx.fs.read('notes/a.md')).content).to.equal('# A')
    expect((await ctx.fs.list('notes/')).map((r) => r.path)).to.deep.equal(['notes/a.md'])
  })

  it('refuses to reply to an fyi unless forced, and refuses everything once cancelled', async () => {
    const fyi = await alice.postMessage('commons', {body: 'fyi only', to: ['bob']})
    const controller = new AbortController()
    const ctx = await contextFor(fyi.id, {controller})
    const refused = await ctx.reply('thanks!').then(() => null, (e: unknown) => e) as {guard?: string; message: string}
    expect(refused.guard).to.equal('etiquette')
    expect(refused.message).to.match(/asks for nothing \(ack and end\)/)
    expect((await ctx.reply('forced', {force: true})).body).to.equal('forced')
    controller.abort()
    const cancelled = await ctx.reply('late', {force: true}).then(() => null, (e: unknown) => e) as {guard?: string}
    expect(cancelled.guard).to.equal('cancelled')
    expect((await alice.history('commons', {since: fyi.seq})).map((m) => m.body)).to.deep.equal(['forced'])
  })

  it('refuses a post past the reply cap toward the sender and logs the refusal', async () => {
    const asked = await alice.postMessage('commons', {body: 'talk', status: 'open', to: ['bob']})
    const ctx = await contextFor(asked.id, {cap: 1})
    await ctx.reply('one')
    const refused = await ctx.reply('two').then(() => null, (e: unknown) => e) as {guard?: string}
    expect(refused.guard).to.equal('reply-cap')
    expect(logs.find((l) => l.event === 'refused')).to.include({guard: 'reply-cap', peer: 'alice'})
    expect((await alice.history('commons', {since: asked.seq})).map((m) => m.body)).to.deep.equal(['one'])
  })
})
