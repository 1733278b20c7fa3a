import {lookupKey} from '@agora/home'
import {expect} from 'chai'

import Ui from '../../src/commands/ui.js'
import {ADMIN_KEY, addSeats, operatorHome, runCommand, runFailure, startHub, tempDir} from '../helpers/cli.js'
import type {ClockedHub} from '../helpers/cli.js'

async function redeem(url: string, link: string): Promise<{status: number; body: {seat?: string; admin?: boolean; detail?: string}}> {
  const token = new URL(link).hash.replace('#login=', '')
  const res = await fetch(`${url}/ui/session`, {method: 'POST', headers: {'content-type': 'application/json', 'x-agora-desk': '1'}, body: JSON.stringify({token})})
  return {status: res.status, body: (await res.json()) as {seat?: string}}
}

describe('agora ui', () => {
  let hub: ClockedHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = operatorHome(hub)
  })
  after(async () => hub.hub.close())

  it('registers an operator seat `desk` on a hub with none, and prints a link that logs in once', async () => {
    const {result, stdout} = await runCommand(Ui, ['--home', home])
    expect(result).to.include({seat: 'desk', admin: true})
    expect(result.url).to.match(new RegExp(`^${hub.url}/ui/#login=desk_[0-9a-f]{48}$`))
    expect(stdout).to.include('registered desk (operator)').and.include(result.url)
    expect(lookupKey(home, hub.url, 'desk')).to.be.a('string')
    expect(stdout).to.not.include(lookupKey(home, hub.url, 'desk')!).and.not.include(ADMIN_KEY)
    expect((await redeem(hub.url, result.url)).body).to.include({seat: 'desk', admin: true})
    expect((await redeem(hub.url, result.url)).status).to.equal(401)
  })

  it('logs in as the first operator seat once one exists', async () => {
    await addSeats(hub.url, home, ['boss'], true)
    expect((await runCommand(Ui, ['--home', home, '--json'])).result.seat).to.equal('boss')
  })

  it('logs in as a plain seat with its own key when named with --as', async () => {
    await addSeats(hub.url, home, ['bob'])
    const {result} = await runCommand(Ui, ['--home', home, '--as', 'bob'])
    expect(result).to.include({seat: 'bob', admin: false})
    expect((await redeem(hub.url, result.url)).body).to.include({seat: 'bob', admin: false})
  })

  it('without the admin key, says to name a seat', async () => {
    const away = tempDir('ui-away')
    const err = await runFailure(Ui, ['--home', away, '--url', hub.url])
    expect(err.message).to.include('agora ui --as <seat>')
  })
})
