import {expect} from 'chai'

import type {AgoraClient, Envelope} from '@agora/client'

import {formatLogLine} from '../src/log.js'
import type {AgentRunner} from '../src/runner.js'
import {eventually, seat, startHub, startRunner} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'
import {the} from '../../../test/helpers/present.js'

describe('AgentRunner', () => {
  let hub: RunningHub
  let alice: AgoraClient
  let bob: AgoraClient
  const runners: AgentRunner[] = []

  beforeEach(async () => {
    hub = await startHub()
    alice = await seat(hub.url, 'alice')
    bob = await seat(hub.url, 'bob')
    await alice.createChannel('room', {private: false})
    await bob.joinChannel('room')
  })
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()))
    await hub.close()
  })

  describe('two runners answering each other', () => {
    it('stop at the reply cap with the cap named in a log line, and a third seat is still answered', async () => {
      const carol = await seat(hub.url, 'carol')
      await carol.joinChannel('room')
      const chatty = async (message: Envelope, ctx: import('../src/context.js').AgentContext): Promise<void> => {
        if (message.sender === 'carol') await ctx.answer('carol, here is my answer')
        else await ctx.reply(`ack from ${ctx.seat}`)
      }
      const a = await startRunner(alice, 'alice', chatty, {replyCap: {max: 3, windowMs: 60_000}})
      const b = await startRunner(bob, 'bob', chatty, {replyCap: {max: 3, windowMs: 60_000}})
      runners.push(a.runner, b.runner)

      const opener = await alice.postMessage('room', {body: 'ping?', status: 'open', to: ['bob'], asks: [{id: 'q1', text: 'ping?', to: ['bob']}]})
      // alice's opener plus three replies use up bob's cap toward alice; bob's fourth turn is refused, so the exchange ends.
      await eventually(() => b.logs.some((l) => l.event === 'refused' && l.guard === 'reply-cap'), 'bob to hit the cap toward alice')
      const history = await alice.history('room')
      const replies = history.filter((m) => m.status === 'reply')
      expect(replies.filter((m) => m.sender === 'alice')).to.have.length(3)
      expect(replies.filter((m) => m.sender === 'bob')).to.have.length(3)
      expect(replies.at(-1)!.sender).to.equal('alice')
      const refusal = b.logs.find((l) => l.event === 'refused' && l.guard === 'reply-cap')!
      expect(formatLogLine(refusal)).to.match(/^AGORA_AGENT event=refused level=warn guard=reply-cap .*reply cap reached: 3 replies to alice/)

      const ask = await carol.postMessage('room', {body: 'alice, status?', status: 'open', to: ['alice'], asks: [{id: 'c1', text: 'status?', to: ['alice']}]})
      await eventually(async () => (await carol.messageBySeq('room', ask.seq)).pending_asks?.length === 0, "carol's ask to be answered")
      const answer = (await carol.history('room', {since: ask.seq})).find((m) => m.reply_to === ask.id)!
      expect(answer).to.include({sender: 'alice', body: 'carol, here is my answer'})
      expect((answer.data as {answers: string[]}).answers).to.deep.equal(['c1'])
      expect(opener.seq).to.be.lessThan(ask.seq)
    })
  })

  describe('a long thread', () => {
    it('stops calling the handler past the thread turn cap and names the cap', async () => {
      const {runner, logs} = await startRunner(alice, 'alice', async (_message, ctx) => { await ctx.reply('go on') }, {threadTurnCap: 2})
      runners.push(runner)
      let last = await bob.postMessage('room', {body: 'start', status: 'open', to: ['alice']})
      for (let turn = 1; turn <= 3; turn++) {
        const mine = last
        await eventually(async () => (await bob.history('room', {since: mine.seq})).some((m) => m.reply_to === mine.id) || logs.some((l) => l.event === 'refused'), `alice's turn ${turn}`)
        const answer = (await bob.history('room', {since: mine.seq})).find((m) => m.reply_to === mine.id)
        if (!answer) break
        last = await bob.postMessage('room', {body: `more ${turn}`, status: 'reply', reply_to: answer.id})
      }
      const refused = logs.find((l) => l.event === 'refused')!
      expect(refused).to.include({guard: 'thread-turn-cap', seq: last.seq})
      expect(String(refused.detail)).to.match(/already took 2 turns .*threadTurnCap 2/)
      expect((await alice.history('room')).filter((m) => m.sender === 'alice' && m.body === 'go on')).to.have.length(2)
    })
  })

  describe('a handler that throws or hangs', () => {
    it('leaves the message unacked, records the failure, and handles the next one', async () => {
      const seen: number[] = []
      const {runner, logs} = await startRunner(alice, 'alice', async (message) => {
        seen.push(message.seq)
        if (message.body === 'boom') throw new Error('model provider exploded')
      })
      runners.push(runner)
      const bad = await bob.postMessage('room', {body: 'boom', status: 'open', to: ['alice'], asks: [{id: 'q', text: 'boom?'}]})
      const good = await bob.postMessage('room', {body: 'fine', status: 'open', to: ['alice'], asks: [{id: 'q', text: 'fine?'}]})
      await eventually(() => seen.includes(good.seq), 'the message after the failure')
      expect(runner.failures.map((f) => [f.seq, f.kind, f.error])).to.deep.equal([[bad.seq, 'error', 'model provider exploded']])
      expect(logs.find((l) => l.event === 'failed')).to.include({level: 'error', seq: bad.seq, kind: 'error'})
      await runner.stop()
      // The cursor is held below the failed message: the hub still offers it (and what follows) to the seat.
      const window = (await alice.inbox()).filter((e) => e.channel === 'room').map((e) => e.seq)
      expect(window).to.include.members([bad.seq, good.seq])
    })

    it('cancels a handler past its timeout, refuses its late post, and goes on', async () => {
      let lateError: unknown
      const seen: number[] = []
      const {runner} = await startRunner(alice, 'alice', async (message, ctx) => {
        seen.push(message.seq)
        if (message.body !== 'hang') return
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()))
        lateError = await ctx.reply('too late').then(() => null, (e: unknown) => e)
      }, {handlerTimeoutMs: 300})
      runners.push(runner)
      const hang = await bob.postMessage('room', {body: 'hang', status: 'open', to: ['alice']})
      const next = await bob.postMessage('room', {body: 'next', status: 'open', to: ['alice']})
      await eventually(() => seen.includes(next.seq) && lateError !== undefined, 'the next message and the late reply attempt')
      expect(runner.failures.map((f) => [f.seq, f.kind])).to.deep.equal([[hang.seq, 'timeout']])
      expect((lateError as {guard?: string}).guard).to.equal('cancelled')
      expect((await alice.history('room')).filter((m) => m.sender === 'alice' && m.body === 'too late')).to.deep.equal([])
    })
  })

  describe('shutdown', () => {
    it('lets the in-flight handler finish, acks it, and saves the cursor', async () => {
      let release!: () => void
      const gate = new Promise<void>((resolve) => { release = resolve })
      let started = false
      const {runner, cursorFile} = await startRunner(alice, 'alice', async (_message, ctx) => {
        started = true
        await gate
        await ctx.reply('finished after stop was asked')
      })
      const asked = await bob.postMessage('room', {body: 'slow one', status: 'open', to: ['alice']})
      await eventually(() => started, 'the handler to start')
      const stopping = runner.stop()
      release()
      await stopping
      expect(runner.handled).to.equal(1)
      expect((await alice.history('room', {since: asked.seq})).map((m) => m.body)).to.deep.equal(['finished after stop was asked'])
      const saved = JSON.parse((await import('node:fs')).readFileSync(cursorFile, 'utf8')) as {channels: Record<string, {acked: number}>}
      expect(the(saved.channels, 'room').acked).to.equal(asked.seq)
      expect((await alice.inbox()).filter((e) => e.channel === 'room' && e.seq > asked.seq)).to.deep.equal([])
    })

    it('resumes from the saved cursor after a stop mid-handler: the unfinished message once, nothing twice', async () => {
      const calls: string[] = []
      const first = await startRunner(alice, 'alice', async (message) => {
        calls.push(`first:${message.body}`)
        if (message.body === 'slow') await new Promise(() => {})
      }, {handlerTimeoutMs: 400})
      await bob.postMessage('room', {body: 'one', status: 'open', to: ['alice']})
      await eventually(() => calls.includes('first:one'), 'the first message')
      await bob.postMessage('room', {body: 'slow', status: 'open', to: ['alice']})
      await eventually(() => calls.includes('first:slow'), 'the slow handler to start')
      await first.runner.stop()
      expect(first.runner.failures.map((f) => f.kind)).to.deep.equal(['timeout'])
      await bob.postMessage('room', {body: 'while down', status: 'open', to: ['alice']})

      const second = await startRunner(alice, 'alice', async (message) => { calls.push(`second:${message.body}`) }, {cursorFile: first.cursorFile})
      runners.push(second.runner)
      await eventually(() => calls.includes('second:while down'), 'the message posted while down')
      expect(calls).to.deep.equal(['first:one', 'first:slow', 'second:slow', 'second:while down'])
    })
  })

  describe('what reaches the handler', () => {
    it('never its own messages, system rows or plain fyi broadcasts', async () => {
      const got: string[] = []
      const {runner, logs} = await startRunner(bob, 'bob', async (message) => { got.push(message.body ?? '') })
      runners.push(runner)
      await bob.postMessage('room', {body: 'mine'})
      const carol = await seat(hub.url, 'carol')
      await carol.joinChannel('room')
      await alice.postMessage('room', {body: 'just so you know'})
      const last = await alice.postMessage('room', {body: 'for bob', status: 'open', to: ['bob']})
      await eventually(() => got.includes('for bob'), 'the addressed message')
      expect(got).to.deep.equal(['for bob'])
      const reasons = logs.filter((l) => l.event === 'skipped').map((l) => l.reason)
      expect(reasons).to.include('not-for-this-seat')
      expect(reasons).to.include('system-row')
      expect((await bob.inbox()).filter((e) => e.channel === 'room').map((e) => e.seq)).to.deep.equal([last.seq])
    })

    it('plain fyi broadcasts too when includeFyi is set', async () => {
      const got: string[] = []
      const {runner} = await startRunner(bob, 'bob', async (message) => { got.push(message.body ?? '') }, {includeFyi: true})
      runners.push(runner)
      await alice.postMessage('room', {body: 'just so you know'})
      await eventually(() => got.length > 0, 'the fyi')
      expect(got).to.deep.equal(['just so you know'])
    })
  })
})
