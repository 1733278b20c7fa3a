import {AgoraClient} from '@agora/client'
import {lookupKey} from '@agora/home'
import {expect} from 'chai'

import Pause from '../../src/commands/pause.js'
import Promote from '../../src/commands/promote.js'
import Resume from '../../src/commands/resume.js'
import Roles from '../../src/commands/roles.js'
import {addSeats, operatorHome, runCommand, runFailure, startHub} from '../helpers/cli.js'
import type {ClockedHub} from '../helpers/cli.js'

describe('pause, resume, roles and promote', () => {
  let hub: ClockedHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = operatorHome(hub)
    await addSeats(hub.url, home, ['alice', 'bob'])
    await addSeats(hub.url, home, ['boss'], true)
  })
  after(async () => hub.hub.close())

  it('pauses with a reason (seats get 423 on writes) and resumes', async () => {
    const paused = await runCommand(Pause, ['--reason', 'migrating', '--home', home])
    expect(paused.result).to.include({state: 'paused', reason: 'migrating'})
    expect(paused.stdout).to.include('hub paused').and.include('migrating')
    const alice = new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, 'alice')})
    expect((await alice.whoami()).hub_state?.state).to.equal('paused')
    const refused = await alice.setAbout('x').then(() => null, (e: {status?: number}) => e.status)
    expect(refused).to.equal(423)
    const resumed = await runCommand(Resume, ['--home', home])
    expect(resumed.result.state).to.equal('open')
    expect((await alice.setAbout('back')).about).to.equal('back')
  })

  it('lists roles with the admin key and as a seat', async () => {
    const {result, stdout} = await runCommand(Roles, ['--home', home])
    expect(result).to.deep.equal([{id: 'alice', operator: false}, {id: 'bob', operator: false}, {id: 'boss', operator: true}])
    expect(stdout).to.match(/operator\s+boss/)
    expect((await runCommand(Roles, ['--as', 'alice', '--home', home])).result).to.deep.equal(result)
  })

  it('promotes and demotes, saying when nothing changed', async () => {
    expect((await runCommand(Promote, ['alice', '--home', home])).result).to.include({agent: 'alice', operator: true, changed: true})
    const again = await runCommand(Promote, ['alice', '--home', home])
    expect(again.stdout).to.include('already an operator')
    expect((await runCommand(Promote, ['alice', '--demote', '--as', 'boss', '--home', home])).result).to.include({operator: false, changed: true})
  })

  it('refuses a plain seat promoting itself (403), and the role is unchanged', async () => {
    const error = await runFailure(Promote, ['bob', '--as', 'bob', '--home', home])
    expect(error.message).to.include('403')
    expect((await runCommand(Roles, ['--home', home])).result.find((r) => r.id === 'bob')?.operator).to.equal(false)
  })

  it('refuses pause without the admin key for this hub', async () => {
    const error = await runFailure(Pause, ['--url', 'http://127.0.0.1:1', '--home', home])
    expect(error.message).to.include('admin key')
  })
})
