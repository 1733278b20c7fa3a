import {expect} from 'chai'
import {tightThread} from '../../../helpers/tight-thread.js'

describe('resolve_thread and the posting budget (services/posting/resolve-thread)', () => {
  it('gives back the tokens of the replies it rolled back when a later reply is refused, so the seat can still post', async () => {
    const {tight, amy, root} = await tightThread() // a burst of 20 posts, then one a minute; 3 spent
    try {
      // 18 of the 20 tokens spent: the resolve's first two replies take the last two, its third is refused.
      for (let i = 0; i < 15; i++) await amy.postMessage('room', {body: `note ${i}`, status: 'fyi'})
      const refused = await amy.call('POST', `/channels/room/messages/${root.id}/resolve_thread`, {})
      expect(refused.status, refused.text).to.equal(429)
      // The refused resolve posted nothing, so amy still holds the two tokens it had before it.
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push((await amy.call('POST', '/channels/room/messages', {body: `after ${i}`, status: 'fyi'})).status)
      expect(statuses).to.deep.equal([200, 200, 429])
    } finally { await tight.close() }
  })
})
