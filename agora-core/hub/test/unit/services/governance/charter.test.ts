import {expect} from 'chai'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('charter', () => {
  it('points whoami at GET /charter, which serves the seat its v0 slice and records a receipt', async () => {
    const hub = await scratchHub()
    try {
      const k = await seats(hub, 'alice', 'bob')
      await room(hub, k, 'room', 'alice', ['bob'])
      expect((await call(hub, 'GET', '/whoami', k.bob)).body.hub_charter).to.include({version: 0, your_receipt: null, current: false})
      const ch = await call(hub, 'GET', '/channels/room/charter', k.bob)
      expect(ch.body).to.include({channel: 'room', path: 'channel/charter.md', version: 1})
      expect(ch.body.hub).to.include({version: 0, sliced: true})
      const read = await call(hub, 'GET', '/charter', k.bob)
      expect(read.body).to.include({version: 0, sliced: true, current: true})
      expect(read.body.text).to.contain('## member').and.not.contain('## operator')
      expect((await call(hub, 'GET', '/whoami', k.bob)).body.hub_charter).to.include({your_receipt: 0, current: true})
      expect((await call(hub, 'GET', '/channels/room/charter', k.bob)).body).not.to.have.property('hub')
      expect((await call(hub, 'GET', '/whoami', k.alice)).body.hub_charter.view).to.deep.equal(['member', 'owner'])
    } finally { await hub.close() }
  })
})
