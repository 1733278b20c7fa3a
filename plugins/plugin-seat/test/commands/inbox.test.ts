import {expect} from 'chai'

import Inbox from '../../src/commands/inbox.js'
import {as, homeWithSeats, runCommand, runFailure, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

describe('inbox', () => {
  let hub: RunningHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice'])
  })
  after(async () => hub.close())

  it('returns an empty inbox and empty debts for a fresh seat', async () => {
    const {result, stdout} = await runCommand(Inbox, as('alice', hub.url, home))
    expect(result.envelopes).to.deep.equal([])
    expect(result.owed.counts).to.deep.include({to_answer: 0, to_close: 0, to_consume: 0})
    expect(stdout).to.include('inbox empty')
  })

  it('refuses a wait above 55 seconds before calling the hub', async () => {
    const error = await runFailure(Inbox, ['--wait', '56', ...as('alice', hub.url, home)])
    expect(error.message).to.match(/less than or equal to 55/)
  })
})
