import {expect} from 'chai'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import CharterHistory from '../../../src/commands/charter/history.js'
import CharterSet from '../../../src/commands/charter/set.js'
import CharterShow from '../../../src/commands/charter/show.js'
import {addSeats, operatorHome, runCommand, runFailure, startHub} from '../../helpers/cli.js'
import type {ClockedHub} from '../../helpers/cli.js'

const V1 = '# Charter\n\nShared.\n\n## member\nAnswer first.\n\n## owner\nTidy rooms.\n\n## delegate\nStay in scope.\n\n## operator\nKeep it up.\n'
const V2 = V1.replace('Answer first.', 'Answer first, then ask.')

describe('agora charter show|set|history', () => {
  let hub: ClockedHub
  let home: string
  let dir: string
  before(async () => {
    hub = await startHub()
    home = operatorHome(hub)
    dir = mkdtempSync(join(tmpdir(), 'agora-charter-cli-'))
    await addSeats(hub.url, home, ['castor'])
  })
  after(async () => hub.hub.close())

  it('shows the packaged v0 with the admin key, sliceable by seat kind', async () => {
    const {result, stdout} = await runCommand(CharterShow, ['--home', home])
    expect(result).to.include({source: 'admin', version: 0, sliceable: true})
    expect(stdout).to.include('packaged default')
  })

  it('publishes versions from files and refuses a version that does not grow', async () => {
    writeFileSync(join(dir, 'v1.md'), V1)
    writeFileSync(join(dir, 'v2.md'), V2)
    expect((await runCommand(CharterSet, [join(dir, 'v1.md'), '--home', home])).result).to.deep.equal(
      {version: 1, missing_roles: [], sliceable: true, unsectioned_roles: []})
    expect((await runCommand(CharterSet, [join(dir, 'v2.md'), '--home', home])).result.version).to.equal(2)
    const error = await runFailure(CharterSet, [join(dir, 'v1.md'), '--version', '2', '--home', home])
    expect(error.message).to.include('409')
  })

  it('reads a seat\'s slice with --as, which records its receipt', async () => {
    const {result} = await runCommand(CharterShow, ['--as', 'castor', '--home', home])
    expect(result).to.include({source: 'seat', version: 2, sliced: true, current: true})
    expect((result as {text: string}).text).to.include('Answer first, then ask.').and.not.include('Keep it up.')
  })

  it('lists history newest first and diffs two versions line by line', async () => {
    const {result} = await runCommand(CharterHistory, ['--home', home])
    expect((result as any).versions.map((v: any) => v.version)).to.deep.equal([2, 1, 0])
    const diff = await runCommand(CharterHistory, ['--diff', '1', '2', '--home', home])
    expect(diff.result).to.include({from: 1, to: 2})
    expect((diff.result as any).diff).to.include('--- charter v1\n+++ charter v2\n@@')
      .and.include('\n-Answer first.\n+Answer first, then ask.\n')
    expect(await runFailure(CharterHistory, ['--diff', '1', '--home', home])).to.have.property('message').that.includes('exactly two')
  })
})
