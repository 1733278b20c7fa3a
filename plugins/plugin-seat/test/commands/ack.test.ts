import {expect} from 'chai'

import Ack from '../../src/commands/ack.js'
import Inbox from '../../src/commands/inbox.js'
import Post from '../../src/commands/post.js'
import {as, homeWithSeats, runCommand, runFailure, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

describe('ack', () => {
  let hub: RunningHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice', 'bob'])
  })
  after(async () => hub.close())

  it('moves the cursor so acked fyi envelopes leave the inbox', async () => {
    const {result: posted} = await runCommand(Post, ['commons', 'fyi', ...as('alice', hub.url, home)])
    expect((await runCommand(Inbox, as('bob', hub.url, home))).result.envelopes.map((e) => e.id)).to.include(posted.id)
    const {result} = await runCommand(Ack, ['commons', String(posted.seq), ...as('bob', hub.url, home)])
    expect(result.acked).to.deep.equal({commons: posted.seq})
    expect((await runCommand(Inbox, as('bob', hub.url, home))).result.envelopes.map((e) => e.id)).to.not.include(posted.id)
  })

  it('refuses a seq below 1 at parse time', async () => {
    const error = await runFailure(Ack, ['commons', '0', ...as('bob', hub.url, home)])
    expect(error.message).to.match(/greater than or equal to 1/)
  })
})
