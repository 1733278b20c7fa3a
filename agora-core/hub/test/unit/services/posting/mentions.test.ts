import {expect} from 'chai'
import {findMentions, mergeAskMentions, mergeMentions} from '../../../../src/services/posting/mentions.js'
import {call, room, scratchHub, seats} from '../../helpers.js'

const known = (id: string) => ['alice', 'bob', 'carol', 'dave', 'eve'].includes(id)

describe('mentions', () => {
  it('finds registered ids, case-folded, skipping code, emails and file refs', () => {
    expect(findMentions('hey @Bob. and @carol_, see `@dave` and me@alice.com', known)).to.deep.equal(['bob', 'carol'])
    expect(findMentions('```\n@eve\n``` then @notes/plan.md and @eve:', known)).to.deep.equal(['eve'])
  })

  it('merges members only, never the sender, and caps ask to at 3', () => {
    const member = (id: string) => id !== 'eve'
    expect(mergeMentions(['bob'], '@alice @bob @carol @eve', 'alice', known, member)).to.deep.equal(['bob', 'carol'])
    const asks = mergeAskMentions([{id: '1', text: '@bob @carol @dave @alice', to: ['eve']}], 'x', known, () => true)
    expect(asks).to.deep.equal([{id: '1', text: '@bob @carol @dave @alice', to: ['eve', 'bob', 'carol']}])
  })

  it('addresses a post to mentioned members (not in DMs)', async () => {
    const hub = await scratchHub()
    try {
      const k = await seats(hub, 'alice', 'bob')
      await room(hub, k, 'room', 'alice', ['bob'])
      const m = await call(hub, 'POST', '/channels/room/messages', k.alice, {body: '@bob can you look?', status: 'open'})
      expect(m.body.to).to.deep.equal(['bob'])
      expect((await call(hub, 'GET', '/owed', k.bob)).body.to_answer.map((r: {id: string}) => r.id)).to.include(m.body.id)
    } finally { await hub.close() }
  })
})
