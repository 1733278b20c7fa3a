import {AgoraClient} from '@agora/client'
import {keysPath, lookupKey, readConfig} from '@agora/home'
import {expect} from 'chai'
import {readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'

import {decodeInvite, encodeInvite} from '../../src/artifact.js'
import {mintJoinToken} from '../../src/hub-calls.js'
import Invite from '../../src/commands/invite.js'
import Join from '../../src/commands/join.js'
import {addSeats, adminClient, operatorHome, runCommand, runFailure, startHub, tempDir} from '../helpers/cli.js'
import type {ClockedHub} from '../helpers/cli.js'

describe('invite and join', () => {
  let hub: ClockedHub
  let hubHome: string
  let remote: string
  before(async () => {
    hub = await startHub()
    hubHome = operatorHome(hub)
  })
  after(async () => hub.hub.close())
  beforeEach(() => {
    remote = join(tempDir('remote'), 'home')
  })

  const invite = async (...argv: string[]): Promise<string> => {
    const {result, stdout} = await runCommand(Invite, [...argv, '--home', hubHome])
    expect(result.action).to.equal('minted')
    expect(stdout.trim().split('\n')).to.have.length(1)
    return stdout.trim()
  }

  it('onboards a second home: key 0600 in keys.json only, config.json holds the url and no admin key, whoami verified', async () => {
    const paste = await invite('castor', '--ttl', '2h', '--about', 'the remote reviewer')
    expect(paste).to.match(/^AGORA1\.[A-Za-z0-9_-]+$/)
    const payload = decodeInvite(paste)
    expect(payload).to.include({u: hub.url, a: 'castor'})
    expect(JSON.stringify(payload)).not.to.include('operator-test-admin')
    const {result, stdout} = await runCommand(Join, [paste, '--home', remote])
    expect(result).to.include({agent_id: 'castor', url: hub.url, verified: true, config_url_written: true})
    expect(stdout).to.include('joined').and.include('verified')
    const key = lookupKey(remote, hub.url, 'castor')
    expect(key).to.match(/^agora_/)
    expect(Object.keys(JSON.parse(readFileSync(keysPath(remote), 'utf8')))).to.deep.equal([`${hub.url}::castor`])
    expect(statSync(keysPath(remote)).mode & 0o777).to.equal(0o600)
    expect(statSync(remote).mode & 0o777).to.equal(0o700)
    expect(readConfig(remote)).to.deep.equal({url: hub.url})
    expect(readFileSync(join(remote, 'config.json'), 'utf8')).not.to.include(key!)
  })

  it('uses one normalized url for the redeem call, the cache key and the config write', async () => {
    const paste = await invite('slashy', '--url', `${hub.url}//`)
    expect(decodeInvite(paste).u).to.equal(hub.url)
    await runCommand(Join, [paste, '--home', remote])
    expect(lookupKey(remote, hub.url, 'slashy')).to.match(/^agora_/)
    expect(readConfig(remote).url).to.equal(hub.url)
  })

  it('refuses an expired token by name (the hub clock moved past the ttl)', async () => {
    const paste = await invite('late', '--ttl', '60')
    hub.advance(61)
    const error = await runFailure(Join, [paste, '--home', remote])
    expect(error.message).to.include('join token expired').and.include('agora invite')
    expect(lookupKey(remote, hub.url, 'late')).to.equal(undefined)
  })

  it('refuses a used token by name', async () => {
    const paste = await invite('once')
    await runCommand(Join, [paste, '--home', remote])
    const error = await runFailure(Join, [paste, '--home', join(tempDir('remote2'), 'home')])
    expect(error.message).to.include('join token already used')
  })

  it('refuses a revoked token by name, and --list shows it revoked without any secret', async () => {
    const paste = await invite('gone')
    const minted = (await runCommand(Invite, ['--list', '--home', hubHome])).result
    if (minted.action !== 'listed') throw new Error('expected a list')
    const row = minted.tokens.find((t) => t.agent_id === 'gone')!
    await runCommand(Invite, ['--revoke', row.token_id, '--home', hubHome])
    const listed = await runCommand(Invite, ['--list', '--home', hubHome])
    expect(listed.stdout).to.match(new RegExp(`${row.token_id}\\s+gone\\s+revoked`)).and.not.include(decodeInvite(paste).t)
    const error = await runFailure(Join, [paste, '--home', remote])
    expect(error.message).to.include('join token revoked')
  })

  it('refuses a wrong id for a locked token by name', async () => {
    const paste = await invite('pinned')
    const error = await runFailure(Join, [paste, '--as', 'impostor', '--home', remote])
    expect(error.message).to.include("join token is locked to 'pinned'")
  })

  it('leaves the token redeemable after an id collision (409) and says to retry with another id', async () => {
    await addSeats(hub.url, tempDir('taken'), ['taken'])
    const minted = await runCommand(Invite, ['--home', hubHome, '--json', 'taken'])
    const paste = (minted.result as {paste: string}).paste
    const error = await runFailure(Join, [paste, '--home', remote])
    expect(error.message).to.include("'taken' is already taken").and.include('NOT used').and.include('--as <other-id>')
    const rows = (await runCommand(Invite, ['--list', '--home', hubHome])).result as {tokens: Array<{agent_id: string; uses: number}>}
    expect(rows.tokens.find((t) => t.agent_id === 'taken')?.uses).to.equal(0)
    expect(lookupKey(remote, hub.url, 'taken')).to.equal(undefined)
  })

  it('redeems an unlocked token with another id after the first id collided', async () => {
    const minted = await mintJoinToken(adminClient(hub.url), {})
    const paste = encodeInvite({u: hub.url, t: minted.token})
    const error = await runFailure(Join, [paste, '--as', 'taken', '--home', remote])
    expect(error.message).to.include('already taken')
    const {result} = await runCommand(Join, [paste, '--as', 'pollux', '--home', remote])
    expect(result).to.include({agent_id: 'pollux', verified: true})
  })

  it('carries --channels in the line and joins them on redemption', async () => {
    const seatHome = tempDir('lobby-owner')
    await addSeats(hub.url, seatHome, ['host'])
    await new AgoraClient({url: hub.url, apiKey: lookupKey(seatHome, hub.url, 'host')}).createChannel('lobby', {private: false})
    const paste = await invite('guest', '--channels', 'lobby')
    expect(decodeInvite(paste).c).to.deep.equal(['lobby'])
    const {result} = await runCommand(Join, [paste, '--home', remote])
    expect(result.channels_joined).to.include('lobby')
  })

  it('refuses a pasted line that is not an invite, saying what one looks like', async () => {
    const error = await runFailure(Join, ['AGORA1.not*base64', '--home', remote])
    expect(error.message).to.include('not an agora invite').and.include('AGORA1.')
  })

  it('refuses to mint without the admin key for this hub', async () => {
    const error = await runFailure(Invite, ['x', '--url', hub.url, '--home', remote])
    expect(error.message).to.include('admin key')
  })
})
