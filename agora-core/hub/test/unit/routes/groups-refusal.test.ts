import {expect} from 'chai'
import {TestHub} from '../../helpers/hub.js'

describe('POST /groups: a refused group', () => {
  let h: TestHub
  beforeEach(async () => { h = await TestHub.start() })
  afterEach(async () => { await h.close() })

  for (const [what, extra] of [
    ['an opening post over the 64 KiB body cap', {opening_post: 'x'.repeat(70_000)}],
    ['a purpose over the store value cap', {purpose: 'p'.repeat(300_000)}],
  ] as const) {
    it(`creates no room, invite or DM when ${what} refuses it`, async () => {
      const alice = await h.register('alice')
      await h.register('bob')
      const r = await alice.call('POST', '/groups', {name: 'squad', members: ['bob'], ...extra})
      expect(r.status, r.text.slice(0, 300)).to.be.within(400, 499)
      const channels = JSON.stringify(await alice.ok('GET', '/channels'))
      expect(channels).not.to.include('squad')
      expect(channels).not.to.include('dm:alice--bob')
      expect((await alice.call('GET', '/channels/squad/info')).status).to.equal(404)
    })
  }
})
