import {expect} from 'chai'

import Dm from '../../src/commands/dm.js'
import Inbox from '../../src/commands/inbox.js'
import {as, homeWithSeats, runCommand, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

describe('dm', () => {
  let hub: RunningHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice', 'bob'])
  })
  after(async () => hub.close())

  it('sends a DM addressed to the peer that shows up in the peer\'s inbox', async () => {
    const {result} = await runCommand(Dm, ['bob', 'psst', '--title', 'hello', ...as('alice', hub.url, home)])
    expect(result).to.include({channel: 'dm:alice--bob', sender: 'alice'})
    expect(result.to).to.deep.equal(['bob'])
    const {result: inbox} = await runCommand(Inbox, as('bob', hub.url, home))
    expect(inbox.envelopes.find((e) => e.id === result.id)).to.include({body: 'psst', to_me: true})
  })
})
