import {expect} from 'chai'

import {AgoraClient} from '@agora/client'

import {TcpRelay} from '../../client/test/helpers/proxy.js'
import type {AgentRunner} from '../src/runner.js'
import {eventually, seat, startHub, startRunner} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'

describe('AgentRunner resume', () => {
  let hub: RunningHub
  let relay: TcpRelay
  let runner: AgentRunner | undefined

  beforeEach(async () => {
    hub = await startHub()
    relay = await TcpRelay.start(hub.url)
  })
  afterEach(async () => {
    await runner?.stop()
    await relay.close()
    await hub.close()
  })

  it('handles every message exactly once when the socket drops mid-stream under load', async function () {
    this.timeout(60_000)
    const alice = await seat(hub.url, 'alice')
    const bob = await seat(hub.url, 'bob')
    for (const channel of ['room', 'lab']) {
      await alice.createChannel(channel, {private: false})
      await bob.joinChannel(channel)
    }
    const calls: string[] = []
    const viaRelay = new AgoraClient({apiKey: alice.apiKey, url: relay.url})
    const started = await startRunner(viaRelay, 'alice', async (message) => {
      calls.push(`${message.channel}#${message.seq}`)
      await new Promise((resolve) => setTimeout(resolve, 2))
    })
    runner = started.runner

    const posted: string[] = []
    const post = async (i: number): Promise<void> => {
      const channel = i % 2 === 0 ? 'room' : 'lab'
      const message = await bob.postMessage(channel, {body: `load ${i}`, status: 'open', to: ['alice']})
      posted.push(`${channel}#${message.seq}`)
    }
    for (let burst = 0; burst < 6; burst++) {
      await Promise.all(Array.from({length: 25}, (_, k) => post(burst * 25 + k)))
      relay.drop()
      if (burst % 2 === 1) {
        relay.blocked = true
        await Promise.all(Array.from({length: 10}, (_, k) => post(1000 + burst * 10 + k)))
        relay.blocked = false
      }
    }
    const reconnects = (): number => started.logs.filter((l) => l.event === 'reconnected').length
    await eventually(() => calls.length >= posted.length, 'every posted message to be handled', 1200).catch(() => {})

    expect(reconnects()).to.be.greaterThan(0)
    expect(calls.length, 'no message is handled twice').to.equal(new Set(calls).size)
    expect([...calls].sort(), 'every message is handled').to.deep.equal([...posted].sort())
    for (const channel of ['room', 'lab']) {
      const order = calls.filter((c) => c.startsWith(`${channel}#`)).map((c) => Number(c.split('#')[1]))
      expect(order, `${channel} is handled in seq order`).to.deep.equal([...order].sort((a, b) => a - b))
    }
  })
})
