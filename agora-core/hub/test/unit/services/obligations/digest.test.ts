import {expect} from 'chai'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('digest', () => {
  it('folds the room into open questions, decided threads and decision rows', async () => {
    const hub = await scratchHub()
    try {
      const k = await seats(hub, 'alice', 'bob')
      await room(hub, k, 'room', 'alice', ['bob'])
      const post = (who: string, body: unknown) => call(hub, 'POST', '/channels/room/messages', k[who], body)
      const open = (await post('alice', {title: 'port?', status: 'open', asks: [{id: '1', text: 'which port', to: ['bob']}]})).body
      const done = (await post('alice', {title: 'name?', status: 'open'})).body
      await post('alice', {status: 'resolved', reply_to: done.id, body: 'settled'})
      await call(hub, 'PUT', '/channels/room/store/decision:name', k.bob, {value: 'agora'})
      const d = (await call(hub, 'GET', '/channels/room/digest', k.bob)).body
      expect(d.open_questions.map((q: {id: string}) => q.id)).to.deep.equal([open.id])
      expect(d.open_questions[0].pending_asks).to.deep.equal(['1'])
      expect(d.decided.map((q: {id: string; closed_by: string}) => [q.id, q.closed_by])).to.deep.equal([[done.id, 'alice']])
      expect(d.decisions.map((r: {key: string}) => r.key)).to.deep.equal(['decision:name'])
      expect(d.counts).to.include({open_questions: 1, decided: 1, decisions: 1})
    } finally { await hub.close() }
  })
})
