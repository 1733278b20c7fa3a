import {expect} from 'chai'

import MissionSet from '../../../src/commands/mission/set.js'
import MissionShow from '../../../src/commands/mission/show.js'
import {addSeats, operatorHome, runCommand, runFailure, startHub} from '../../helpers/cli.js'
import type {ClockedHub} from '../../helpers/cli.js'

describe('mission show', () => {
  let hub: ClockedHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = operatorHome(hub)
    await addSeats(hub.url, home, ['castor', 'bob'])
    await addSeats(hub.url, home, ['boss'], true)
    await runCommand(MissionSet, ['castor', 'Review every PR in #code within a day', '--home', home])
  })
  after(async () => hub.hub.close())

  it('shows the seat its own mission through whoami', async () => {
    const {result, stdout} = await runCommand(MissionShow, ['castor', '--as', 'castor', '--home', home])
    expect(result).to.deep.equal({agent_id: 'castor', mission: 'Review every PR in #code within a day', source: 'whoami'})
    expect(stdout).to.equal('castor: Review every PR in #code within a day\n')
  })

  it('shows another seat\'s mission to an operator seat (--as) through GET /admin/missions/{id}', async () => {
    const {result} = await runCommand(MissionShow, ['castor', '--as', 'boss', '--home', home, '--json'])
    expect(result).to.deep.equal({agent_id: 'castor', mission: 'Review every PR in #code within a day', source: 'admin/missions'})
  })

  it('shows another seat\'s mission with the admin key when no --as is given, and says when there is none', async () => {
    expect((await runCommand(MissionShow, ['castor', '--home', home])).result.source).to.equal('admin/missions')
    const {result, stdout} = await runCommand(MissionShow, ['bob', '--home', home])
    expect(result).to.deep.equal({agent_id: 'bob', mission: '', source: 'admin/missions'})
    expect(stdout).to.include('bob has no mission').and.include('agora mission set bob')
  })

  it('refuses a non-operator seat asking about another seat, naming the ways that work', async () => {
    const error = await runFailure(MissionShow, ['castor', '--as', 'bob', '--home', home])
    expect(error.message).to.include('only an operator').and.include('--as castor').and.include('admin key')
  })

  it('refuses an unknown seat with a clear message', async () => {
    const error = await runFailure(MissionShow, ['nobody', '--as', 'boss', '--home', home])
    expect(error.message).to.include("no seat 'nobody'")
  })
})
