import {expect} from 'chai'
import {TestHub} from '../../../helpers/hub.js'

describe('POST /groups and the posting budget (services/posting/groups)', () => {
  it('gives back the invite DMs\' tokens when the opening post refuses the group, so the seat can still post', async () => {
    const tight = await TestHub.start({ratePerMinute: 1}) // a burst of 20 posts, then one a minute
    try {
      const amy = await tight.register('amy')
      const ben = await tight.register('ben')
      await tight.register('cal')
      await tight.channel(amy, 'room', [ben])
      for (let i = 0; i < 17; i++) await amy.postMessage('room', {body: `note ${i}`, status: 'fyi'}) // 3 tokens left
      // The two invite DMs go through (two tokens), then the opening post over 64 KiB refuses the whole group.
      const refused = await amy.call('POST', '/groups', {name: 'squad', members: ['ben', 'cal'], opening_post: 'x'.repeat(70_000)})
      expect(refused.status, refused.text.slice(0, 300)).to.equal(413)
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await amy.call('POST', '/channels/room/messages', {body: `after ${i}`, status: 'fyi'})).status)
      expect(statuses, 'the refused group cost no posting budget').to.deep.equal([200, 200, 200, 429])
    } finally { await tight.close() }
  })
})
