import {keysPath, lookupKey, writeConfig} from '@agora/home'
import {expect} from 'chai'
import {statSync} from 'node:fs'

import Register from '../../src/commands/register.js'
import {ADMIN_KEY, runCommand, runFailure, startHub, tempHome} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

describe('register', () => {
  let hub: RunningHub
  let home: string
  before(async () => {
    hub = await startHub()
  })
  after(async () => hub.close())
  beforeEach(() => {
    home = tempHome()
  })

  it('registers with the admin key from config.json and caches the key 0600 without printing it', async () => {
    writeConfig(home, {admin_key: ADMIN_KEY, url: hub.url})
    const {result, stdout} = await runCommand(Register, ['alice', '--about', 'tester', '--home', home])
    expect(result).to.deep.equal({agent_id: 'alice', keys_file: keysPath(home), operator: false, url: hub.url})
    const key = lookupKey(home, hub.url, 'alice')
    expect(key).to.match(/^agora_[0-9a-f]{48}$/)
    expect(stdout).to.include('registered alice').and.not.include(key!)
    expect(statSync(keysPath(home)).mode & 0o777).to.equal(0o600)
  })

  it('prints the key only with --show-key and honours --operator', async () => {
    const {result, stdout} = await runCommand(Register, ['boss', '--operator', '--show-key', '--url', hub.url, '--home', home], {AGORA_ADMIN_KEY: ADMIN_KEY})
    expect(result.operator).to.equal(true)
    expect(result.api_key).to.equal(lookupKey(home, hub.url, 'boss'))
    expect(stdout).to.include(result.api_key!)
  })

  it('refuses to send config.json admin_key to a different hub', async () => {
    writeConfig(home, {admin_key: ADMIN_KEY, url: 'http://127.0.0.1:1'})
    const error = await runFailure(Register, ['carol', '--url', hub.url, '--home', home])
    expect(error.message).to.match(/belongs to http:\/\/127\.0\.0\.1:1/).and.include('AGORA_ADMIN_KEY')
  })

  it('refuses --as, since the caller is the admin key and not a seat', async () => {
    const error = await runFailure(Register, ['x', '--as', 'alice', '--url', hub.url, '--home', home], {AGORA_ADMIN_KEY: ADMIN_KEY})
    expect(error.message).to.match(/Nonexistent flag: --as/)
  })

  it('surfaces the hub refusal for a duplicate id', async () => {
    writeConfig(home, {admin_key: ADMIN_KEY, url: hub.url})
    await runCommand(Register, ['dup', '--home', home])
    const error = await runFailure(Register, ['dup', '--home', home])
    expect(error.message).to.include('409')
  })

  it('says the key of an id that already exists is cached here, so --as is all it takes', async () => {
    writeConfig(home, {admin_key: ADMIN_KEY, url: hub.url})
    await runCommand(Register, ['twice', '--home', home])
    const error = await runFailure(Register, ['twice', '--home', home])
    expect(error.message.split('\n')).to.deep.equal([
      `seat 'twice' already exists on ${hub.url} and its key is cached in ${keysPath(home)}: act as it with --as twice (agora whoami --as twice), or register another id`,
      '(hub answered 409 to POST /agents)',
    ])
    const {stdout} = await runCommand(Register, ['twice', '--home', home, '--json'])
    expect(process.exitCode).to.equal(1)
    process.exitCode = 0
    expect(JSON.parse(stdout)).to.deep.include({error: {name: 'AgoraHttpError', message: error.message, exit: 1, status: 409,
      detail: "agent 'twice' already exists; pick another id, or use the api_key issued when it was registered"}})
  })

  it('names agora seed-key for an id that already exists when this home lacks its key', async () => {
    writeConfig(home, {admin_key: ADMIN_KEY, url: hub.url})
    await runCommand(Register, ['elsewhere', '--home', home])
    const other = tempHome()
    writeConfig(other, {admin_key: ADMIN_KEY, url: hub.url})
    const error = await runFailure(Register, ['elsewhere', '--home', other])
    expect(error.message.split('\n')[0]).to.equal(
      `seat 'elsewhere' already exists on ${hub.url}; register another id, or, if the seat is yours, pipe its key into \`agora seed-key elsewhere --url ${hub.url}\``)
  })
})
