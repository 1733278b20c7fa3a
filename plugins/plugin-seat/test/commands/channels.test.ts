import {expect} from 'chai'

import Channels from '../../src/commands/channels.js'
import {as, homeWithSeats, runCommand, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

describe('channels', () => {
  let hub: RunningHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice'])
  })
  after(async () => hub.close())

  it('lists commons as a channel the seat belongs to', async () => {
    const {result, stdout} = await runCommand(Channels, as('alice', hub.url, home))
    expect(result.find((c) => c.name === 'commons')).to.include({member: true})
    expect(stdout).to.include('commons')
  })
})
