import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {addOperator, seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'

describe('lifecycle tools', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client
  let bob: Client
  let boss: Client

  before(async () => {
    hub = await startHub(['alice', 'bob'])
    await addOperator(hub, 'boss')
    ;[alice, bob, boss] = await Promise.all([seatOn(hub, 'alice'), seatOn(hub, 'bob'), seatOn(hub, 'boss')])
    await must(alice, 'create_channel', {name: 'proj', private: false})
    await must(bob, 'join_channel', {channel: 'proj'})
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close(), boss?.close()])
    await hub?.close()
  })

  it('refuses retire_agent to a seat that is not an operator, with the loud ok:false result', async () => {
    const refused = await call(alice, 'retire_agent', {agent_id: 'bob'})
    expect(refused.isError).to.equal(true)
    expect(JSON.parse(refused.text)).to.include({ok: false, error: 403})
  })

  it('retires a seat (its own calls then fail with 403) and unretires it into the rooms it left', async () => {
    const retired = await must(boss, 'retire_agent', {agent_id: 'bob', reason: 'project over'})
    expect(retired).to.include('RETIRED bob; it left commons, proj')
    expect(retired).to.include('project over')
    expect(JSON.parse((await call(bob, 'whoami')).text)).to.include({ok: false, error: 403})
    expect(await must(boss, 'unretire_agent', {agent_id: 'bob'})).to.equal('UNRETIRED bob; back in commons, proj')
    expect(await must(bob, 'whoami')).to.match(/bob/)
  })

  it('unarchives a channel as an operator and refuses it to its owner', async () => {
    await must(alice, 'archive_channel', {channel: 'proj'})
    expect(JSON.parse((await call(alice, 'unarchive_channel', {channel: 'proj'})).text)).to.include({error: 403})
    expect(await must(boss, 'unarchive_channel', {channel: 'proj'})).to.equal('UNARCHIVED proj: it takes posts and joins again')
  })
})
