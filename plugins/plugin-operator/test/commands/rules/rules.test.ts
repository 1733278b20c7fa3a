import {expect} from 'chai'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import RulesSet from '../../../src/commands/rules/set.js'
import RulesShow from '../../../src/commands/rules/show.js'
import {addSeats, operatorHome, runCommand, startHub} from '../../helpers/cli.js'
import type {ClockedHub} from '../../helpers/cli.js'
import {AgoraClient} from '@agora/client'
import {lookupKey} from '@agora/home'

describe('agora rules show|set', () => {
  let hub: ClockedHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = operatorHome(hub)
    await addSeats(hub.url, home, ['castor'])
  })
  after(async () => hub.hub.close())

  it('shows the packaged rules, publishes a file as v1, and every whoami carries the new text', async () => {
    expect((await runCommand(RulesShow, ['--home', home])).result.version).to.equal(0)
    const file = join(mkdtempSync(join(tmpdir(), 'agora-rules-cli-')), 'rules.md')
    writeFileSync(file, 'Be brief. Answer asks by id.\n')
    expect((await runCommand(RulesSet, [file, '--home', home])).result).to.deep.equal({version: 1})
    expect((await runCommand(RulesShow, ['--home', home])).result).to.include({version: 1, text: 'Be brief. Answer asks by id.\n'})
    const key = lookupKey(home, hub.url, 'castor')
    const me = await new AgoraClient({url: hub.url, apiKey: key as string}).whoami() as unknown as {hub_rules: unknown}
    expect(me.hub_rules).to.deep.equal({version: 1, text: 'Be brief. Answer asks by id.\n'})
  })
})
