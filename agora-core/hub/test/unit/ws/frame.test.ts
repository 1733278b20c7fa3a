import {expect} from 'chai'
import type {AddressInfo} from 'node:net'
import {WebSocket, WebSocketServer} from 'ws'
import {FrameWriter, framePayload, textFrame} from '../../../src/ws/frame.js'

/** Payload sizes at every length-encoding boundary of RFC 6455 (7, 16 and 64 bits). */
const SIZES = [0, 1, 125, 126, 127, 65_535, 65_536, 200_000]

describe('pre-framed WebSocket text frames', () => {
  let wss: WebSocketServer
  let url: string
  beforeEach(async () => {
    wss = new WebSocketServer({host: '127.0.0.1', port: 0, perMessageDeflate: false})
    await new Promise(resolve => wss.once('listening', resolve))
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`
  })
  afterEach(() => new Promise(resolve => wss.close(resolve)))

  it('reach a real ws client intact at every length boundary, interleaved in order with ws.send frames', async () => {
    // Exactly n UTF-8 bytes, most of them two-byte characters.
    const payloads = SIZES.map(n => Buffer.from('é'.repeat(Math.floor(n / 2)) + 'x'.repeat(n % 2)))
    expect(payloads.map(p => p.length)).to.deep.equal(SIZES)
    wss.once('connection', (ws, req) => {
      const writer = new FrameWriter(ws, req.socket)
      expect(writer.usable).to.equal(true)
      for (const p of payloads) {
        writer.write(textFrame(p), () => undefined)
        ws.send('between')
      }
    })
    const client = new WebSocket(url)
    const got: Array<{text: string; binary: boolean}> = []
    await new Promise<void>((resolve, reject) => {
      client.on('message', (data, binary) => {
        got.push({text: String(data), binary})
        if (got.length === payloads.length * 2) resolve()
      })
      client.once('error', reject)
    })
    client.close()
    const expected = payloads.flatMap(p => [{text: p.toString('utf8'), binary: false}, {text: 'between', binary: false}])
    expect(got).to.deep.equal(expected)
  })

  it('give back the payload of a frame without copying it', () => {
    for (const n of SIZES) {
      const payload = Buffer.alloc(n, 'a')
      const frame = textFrame(payload)
      expect(framePayload(frame).equals(payload)).to.equal(true)
      expect(frame.length - n).to.equal(n <= 125 ? 2 : n <= 65_535 ? 4 : 10)
    }
  })

  it('are refused by the writer when ws negotiated permessage-deflate, so the payload goes through ws.send', async () => {
    await new Promise(resolve => wss.close(resolve))
    wss = new WebSocketServer({host: '127.0.0.1', port: 0, perMessageDeflate: true})
    await new Promise(resolve => wss.once('listening', resolve))
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`
    const usable = new Promise<boolean>(resolve => wss.once('connection', (ws, req) => resolve(new FrameWriter(ws, req.socket).usable)))
    const client = new WebSocket(url, {perMessageDeflate: true})
    await new Promise(resolve => client.once('open', resolve))
    expect(client.extensions).to.match(/permessage-deflate/)
    expect(await usable).to.equal(false)
    client.close()
  })
})
