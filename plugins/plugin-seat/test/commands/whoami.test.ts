import {writeSeatRecord} from '@agora/home'
import {expect} from 'chai'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import Whoami from '../../src/commands/whoami.js'
import {as, homeWithSeats, runCommand, runFailure, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

describe('whoami', () => {
  let hub: RunningHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice'])
  })
  after(async () => hub.close())

  it('returns the whoami report of the seat named by --as', async () => {
    const {result} = await runCommand(Whoami, [...as('alice', hub.url, home), '--json'])
    expect(result).to.include({id: 'alice', protocol: 'agora/0.4'})
    expect(result.hub_rules.text).to.be.a('string')
  })

  it('takes the identity from AGORA_AGENT_ID and AGORA_URL', async () => {
    const {result} = await runCommand(Whoami, ['--home', home], {AGORA_AGENT_ID: 'alice', AGORA_URL: hub.url})
    expect(result.id).to.equal('alice')
  })

  it('takes the identity from this folder\'s .agora/seat.json', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'agora-ws-'))
    writeSeatRecord(ws, {about: '', agent_id: 'alice', default_drive_harness: null, harnesses: [], url: hub.url})
    const cwd = process.cwd()
    process.chdir(ws)
    try {
      expect((await runCommand(Whoami, ['--home', home])).result.id).to.equal('alice')
    } finally {
      process.chdir(cwd)
    }
  })

  it('names keys.json and `agora register` when the seat has no key', async () => {
    const error = await runFailure(Whoami, as('nobody', hub.url, home))
    expect(error.message).to.include('keys.json').and.include('agora register nobody')
  })
})
