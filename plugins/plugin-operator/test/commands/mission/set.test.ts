import {expect} from 'chai'

import MissionSet from '../../../src/commands/mission/set.js'
import MissionShow from '../../../src/commands/mission/show.js'
import {addSeats, operatorHome, runCommand, runFailure, startHub} from '../../helpers/cli.js'
import type {ClockedHub} from '../../helpers/cli.js'

describe('mission set and show', () => {
  let hub: ClockedHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = operatorHome(hub)
    await addSeats(hub.url, home, ['castor', 'bob'])
    await addSeats(hub.url, home, ['boss'], true)
  })
  after(async () => hub.hub.close())

  it('sets a mission with the admin key and the seat reads it back through whoami', async () => {
    const {result, stdout} = await runCommand(MissionSet, ['castor', 'Review every PR in #code within a day', '--home', home])
    expect(result).to.deep.equal({agent_id: 'castor', mission: 'Review every PR in #code within a day'})
    expect(stdout).to.include('mission of castor set')
    const shown = await runCommand(MissionShow, ['castor', '--as', 'castor', '--home', home])
    expect(shown.result).to.deep.equal({agent_id: 'castor', mission: 'Review every PR in #code within a day', source: 'whoami'})
  })

  it('lets an operator seat set a mission with --as', async () => {
    const {result} = await runCommand(MissionSet, ['bob', 'Keep the build green', '--as', 'boss', '--home', home])
    expect(result.mission).to.equal('Keep the build green')
  })

  it('refuses a plain seat with 403, and the mission stays as it was', async () => {
    const error = await runFailure(MissionSet, ['castor', 'I charge myself with nothing', '--as', 'bob', '--home', home])
    expect(error.message).to.include('403').and.include('operator')
    const shown = await runCommand(MissionShow, ['castor', '--as', 'castor', '--home', home])
    expect(shown.result.mission).to.equal('Review every PR in #code within a day')
  })

  it('refuses an empty mission with the hub\'s teaching detail', async () => {
    const error = await runFailure(MissionSet, ['castor', '   ', '--home', home])
    expect(error.message).to.include('400')
  })
})
