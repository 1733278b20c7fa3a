import {expect} from 'chai'
import {WebSocket} from 'ws'
import {type Caller, TestHub} from '../helpers/hub.js'

/** A raw socket whose pong replies can be switched off (ws answers pings itself unless autoPong is false). */
function open(h: TestHub, key: string, autoPong: boolean) {
  const ws = new WebSocket(`${h.url.replace(/^http/, 'ws')}/ws?token=${key}`, {autoPong})
  let pings = 0
  let closed: number | null = null
  ws.on('ping', () => { pings++ })
  ws.on('close', code => { closed = code })
  const opened = new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject) })
  return {ws, opened, pings: () => pings, closed: () => closed}
}

async function until(pred: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !pred(); i++) await new Promise(r => setTimeout(r, 25))
  if (!pred()) throw new Error(`never happened: ${what}`)
}

describe('WS keepalive', () => {
  let h: TestHub
  let bob: Caller
  beforeEach(async () => {
    h = await TestHub.start({wsPingMs: 100})
    bob = await h.register('bob')
  })
  afterEach(async () => { await h.close() })

  it('terminates a peer that stops answering pings', async () => {
    const peer = open(h, bob.key!, false)
    await peer.opened
    await until(() => peer.closed() !== null, 'the hub to drop the silent peer')
    expect(peer.closed()).to.equal(1006)
    expect(peer.pings()).to.be.at.least(1)
  })

  it('keeps a peer that answers pings open across several intervals', async () => {
    const peer = open(h, bob.key!, true)
    await peer.opened
    await until(() => peer.pings() >= 4, 'four pings')
    expect(peer.closed()).to.equal(null)
    peer.ws.close()
  })
})
