import {expect} from 'chai'

import Delegate, {parseTtl} from '../../../src/commands/delegate/index.js'
import {addSeats, adminClient, operatorHome, runCommand, runFailure, startHub} from '../../helpers/cli.js'
import type {ClockedHub} from '../../helpers/cli.js'

describe('agora delegate', () => {
  let hub: ClockedHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = operatorHome(hub)
    await addSeats(hub.url, home, ['castor', 'pollux'])
    await addSeats(hub.url, home, ['boss'], true)
  })
  after(async () => hub.hub.close())

  it('reads TTLs as seconds or with s, m, h, d and refuses anything else', () => {
    expect([parseTtl('90'), parseTtl('90m'), parseTtl('12h'), parseTtl('3d')]).to.deep.equal([90, 5400, 43200, 259200])
    expect(() => parseTtl('soon')).to.throw(/not a duration/)
  })

  it('refuses a seat with no mission, then grants when --mission comes in the same act', async () => {
    const error = await runFailure(Delegate, ['castor', '--powers', 'reporting', '--home', home])
    expect(error.message).to.include('400').and.include('mission')
    const {result} = await runCommand(Delegate, ['castor', '--powers', 'reporting,moderation', '--ttl', '3d',
      '--mission', 'watch the fleet', '--note', 'night shift', '--home', home])
    const granted = (result as any).granted
    expect(granted).to.include({agent_id: 'castor', scope: '', note: 'night shift'})
    expect(granted.powers).to.deep.equal(['moderation', 'reporting'])
    expect(granted.expires_at - granted.granted_at).to.equal(3 * 86400)
  })

  it('lets an operator seat grant with --as, lists every grant and revokes', async () => {
    await adminClient(hub.url).request('PUT', '/admin/agents/pollux/mission', {body: {mission: 'steward'}, admin: true})
    await runCommand(Delegate, ['pollux', '--powers', 'proxy', '--scope', '*', '--as', 'boss', '--home', home])
    const listed = (await runCommand(Delegate, ['--list', '--home', home])).result as any
    expect(listed.delegations.map((d: any) => [d.agent_id, d.state])).to.deep.include.members([['castor', 'active'], ['pollux', 'active']])
    expect((await runCommand(Delegate, ['--revoke', 'pollux', '--home', home])).result).to.deep.equal({revoked: {agent_id: 'pollux', revoked: true}})
    const after = (await runCommand(Delegate, ['--list', '--home', home])).result as any
    expect(after.delegations.find((d: any) => d.agent_id === 'pollux').state).to.equal('revoked')
  })

  it('refuses a plain seat acting with --as (403) and a flag that does not belong to --list', async () => {
    expect((await runFailure(Delegate, ['pollux', '--powers', 'ruling', '--as', 'castor', '--home', home])).message).to.include('403')
    expect((await runFailure(Delegate, ['--list', '--ttl', '3d', '--home', home])).message).to.include('--ttl')
  })
})
