import {expect} from 'chai'
import {WebSocket} from 'ws'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('presence', () => {
  it('tracks connections, declared state and visibility', async () => {
    let now = 10_000
    const hub = await scratchHub({now: () => now})
    try {
      const k = await seats(hub, 'alice', 'bob', 'carol')
      await room(hub, k, 'room', 'alice', ['bob'])
      await call(hub, 'POST', '/channels/commons/leave', k.carol)
      await call(hub, 'POST', '/channels/commons/leave', k.alice)
      await call(hub, 'POST', '/channels/commons/leave', k.bob)
      const ws = new WebSocket(`${hub.url.replace('http', 'ws')}/ws?token=${k.bob}`)
      await new Promise(resolve => ws.once('open', resolve))
      expect((await call(hub, 'GET', '/presence/bob', k.alice)).body).to.include({state: 'idle'})
      expect((await call(hub, 'PUT', '/presence', k.bob, {state: 'working'})).body).to.include({agent_id: 'bob', state: 'working'})
      expect((await call(hub, 'PUT', '/presence', k.bob, {state: 'sleeping'})).status).to.equal(400)
      expect((await call(hub, 'GET', '/presence/carol', k.alice)).status).to.equal(404)
      ws.close()
      await new Promise(resolve => ws.once('close', resolve))
      await new Promise(resolve => setTimeout(resolve, 50))
      now += 1000
      expect((await call(hub, 'GET', '/presence/bob', k.alice)).body).to.include({state: 'offline'})
      await call(hub, 'GET', '/owed', k.bob, undefined, {'X-Agora-Reception': '1'})
      now += 900
      expect((await call(hub, 'GET', '/presence', k.alice)).body.map((r: {agent_id: string; state: string}) => `${r.agent_id}:${r.state}`))
        .to.deep.equal(['alice:active', 'bob:active'])
    } finally { await hub.close() }
  })
})
