import {expect} from 'chai'
import {mkdirSync, mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {writeConfig} from '../src/config.js'
import {resolveSeat} from '../src/resolve-seat.js'
import {writeSeatRecord} from '../src/seat-record.js'

describe('resolve-seat', () => {
  let root: string
  let home: string
  let ws: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'agora-rs-'))
    home = join(root, 'home')
    ws = join(root, 'ws')
    mkdirSync(ws)
  })

  it('falls back to the default hub with no identity', () => {
    expect(resolveSeat({}, {env: {}, cwd: ws, home})).to.deep.equal({
      agentId: null, url: 'http://127.0.0.1:8765', source: {agentId: 'none', url: 'default'},
    })
  })

  it('prefers config.json url over the default', () => {
    writeConfig(home, {url: 'http://cfg:1/'})
    expect(resolveSeat({}, {env: {}, cwd: ws, home}).url).to.equal('http://cfg:1')
  })

  it('prefers the seat record over config.json', () => {
    writeConfig(home, {url: 'http://cfg:1'})
    writeSeatRecord(ws, {agent_id: 'rec', url: 'http://seat:1', about: '', harnesses: [], default_drive_harness: null})
    expect(resolveSeat({}, {env: {}, cwd: ws, home})).to.deep.equal({
      agentId: 'rec', url: 'http://seat:1', source: {agentId: 'seat', url: 'seat'},
    })
  })

  it('prefers env over the seat record and flags over env', () => {
    writeSeatRecord(ws, {agent_id: 'rec', url: 'http://seat:1', about: '', harnesses: [], default_drive_harness: null})
    const env = {AGORA_AGENT_ID: 'envid', AGORA_URL: 'http://env:1/'}
    expect(resolveSeat({}, {env, cwd: ws, home})).to.deep.include({agentId: 'envid', url: 'http://env:1'})
    expect(resolveSeat({as: 'flagid', url: 'http://flag:1'}, {env, cwd: ws, home})).to.deep.equal({
      agentId: 'flagid', url: 'http://flag:1', source: {agentId: 'flag', url: 'flag'},
    })
  })

  it('never walks to a parent folder for the seat record', () => {
    writeSeatRecord(root, {agent_id: 'parent', url: 'http://p:1', about: '', harnesses: [], default_drive_harness: null})
    expect(resolveSeat({}, {env: {}, cwd: ws, home}).agentId).to.equal(null)
  })
})
