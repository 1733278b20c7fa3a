import {expect} from 'chai'
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'

import {AgoraClient} from '../src/client.js'
import {Inbox} from '../src/inbox.js'
import type {Envelope} from '../src/wire.js'

const env = (channel: string, seq: number): Envelope => ({id: `${channel}-${seq}`, channel, seq, retracted: false}) as Envelope

describe('inbox', () => {
  // A real HTTP server that records ack bodies, standing in only for the ack endpoint's echo.
  const acks: unknown[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      acks.push(JSON.parse(body))
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({acked: JSON.parse(body).cursors}))
    })
  })
  let client: AgoraClient
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    client = new AgoraClient({url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'agora_k'})
  })
  after(() => server.close())
  beforeEach(() => acks.splice(0))

  it('drains everything queued in arrival order', () => {
    const inbox = new Inbox({client})
    inbox.push(env('a', 1))
    inbox.push(env('b', 1))
    expect(inbox.drain().map((e) => `${e.channel}#${e.seq}`)).to.deep.equal(['a#1', 'b#1'])
    expect(inbox.drain()).to.deep.equal([])
  })

  it('hands next() the next envelope or null when the wait ends', async () => {
    const inbox = new Inbox({client})
    const waiting = inbox.next(5_000)
    inbox.push(env('a', 1))
    expect((await waiting)?.seq).to.equal(1)
    expect(await inbox.next(1)).to.equal(null)
  })

  it('acks the highest handled seq per channel and never past an unhandled envelope until it is handled', async () => {
    const inbox = new Inbox({client})
    for (const e of [env('a', 1), env('a', 2), env('a', 3), env('b', 4)]) inbox.push(e)
    const [a1, a2, a3, b4] = inbox.drain()
    expect(await inbox.ack([a1, a3, b4])).to.deep.equal({a: 1, b: 4})
    expect(acks).to.deep.equal([{cursors: {a: 1, b: 4}}])
    expect(await inbox.ack([a2])).to.deep.equal({a: 3})
    expect(await inbox.ack([])).to.deep.equal({})
    expect(acks).to.have.length(2)
  })
})
