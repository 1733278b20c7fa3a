import {expect} from 'chai'
import {WebSocket} from 'ws'
import type {Hub} from '../../../src/index.js'
import {call, room, scratchHub, seats} from '../helpers.js'
import {the} from '../../../../../test/helpers/present.js'

/** A ws client that records every frame. */
async function open(hub: Hub, key: string): Promise<{ws: WebSocket; frames: any[]; next(pred: (f: any) => boolean): Promise<any>}> {
  const ws = new WebSocket(`${hub.url.replace('http', 'ws')}/ws?token=${key}`)
  const frames: any[] = []
  const waiters: Array<{pred: (f: any) => boolean; resolve: (f: any) => void}> = []
  ws.on('message', data => {
    const f = JSON.parse(String(data))
    frames.push(f)
    for (const w of [...waiters]) if (w.pred(f)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(f) }
  })
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject) })
  return {ws, frames, next: pred => new Promise(resolve => {
    const hit = frames.find(pred)
    if (hit) resolve(hit)
    else waiters.push({pred, resolve})
  })}
}

describe('ws Connection', () => {
  let hub: Hub
  let k: Record<string, string>
  beforeEach(async () => {
    hub = await scratchHub()
    k = await seats(hub, 'alice', 'bob')
    await room(hub, k, 'room', 'alice', ['bob'])
  })
  afterEach(async () => { await hub.close() })

  it('closes with 4401 for a bad key', async () => {
    const ws = new WebSocket(`${hub.url.replace('http', 'ws')}/ws?token=agora_nope`)
    const code = await new Promise(resolve => ws.once('close', c => resolve(c)))
    expect(code).to.equal(4401)
  })

  it('posts through a frame, pushes to the peer once and never back to the sender', async () => {
    const a = await open(hub, the(k, 'alice'))
    const b = await open(hub, the(k, 'bob'))
    try {
      a.ws.send(JSON.stringify({type: 'post', channel: 'room', body: 'over ws', data: {n: 1.0}}))
      const posted = await a.next(f => f.type === 'posted')
      const env = await b.next(f => f.type === 'envelope' && f.envelope.id === posted.id)
      expect(env.envelope).to.include({seq: posted.seq, body: 'over ws', to_me: false})
      a.ws.send(JSON.stringify({type: 'ping'}))
      await a.next(f => f.type === 'pong')
      expect(a.frames.filter(f => f.type === 'envelope' && f.envelope.id === posted.id)).to.have.length(0)
      expect(b.frames.filter(f => f.type === 'envelope' && f.envelope.id === posted.id)).to.have.length(1)
    } finally { a.ws.close(); b.ws.close() }
  })

  it('replays the backlog after since, answers junk with an error frame and stays open', async () => {
    for (let i = 0; i < 3; i++) await call(hub, 'POST', '/channels/room/messages', k.alice, {body: `m${i}`})
    const b = await open(hub, the(k, 'bob'))
    try {
      b.ws.send('not json')
      expect((await b.next(f => f.type === 'error')).status).to.equal(400)
      b.ws.send(JSON.stringify({type: 'subscribe', channels: ['room', 'commons-nope'], since: {room: 0}}))
      await b.next(f => f.type === 'subscribed')
      await b.next(f => f.type === 'envelope' && f.envelope.body === 'm2')
      const bodies = b.frames.filter(f => f.type === 'envelope').map(f => f.envelope.seq)
      expect(bodies).to.deep.equal([...bodies].sort((x, y) => x - y))
      expect(new Set(bodies).size).to.equal(bodies.length)
      expect(b.frames.some(f => f.type === 'error' && f.status === 404 || f.status === 403)).to.equal(true)
    } finally { b.ws.close() }
  })
})
