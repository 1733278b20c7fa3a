import {cacheKey, lookupKey} from '@agora/home'
import {expect} from 'chai'

import Board from '../../src/commands/board.js'
import Desk from '../../src/commands/desk.js'
import Supervise from '../../src/commands/supervise.js'
import Work from '../../src/commands/work.js'
import Rulings from '../../src/commands/rulings/index.js'
import RulingsAck from '../../src/commands/rulings/ack.js'
import {adminClient, as, homeWithSeats, runCommand, runFailure, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

describe('board, desk, supervise, work and rulings', () => {
  let hub: RunningHub
  let home: string
  before(async () => {
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice', 'bob'])
    const olgaKey = (await adminClient(hub.url).registerAgent({id: 'olga', operator: true})).api_key
    cacheKey(home, hub.url, 'olga', olgaKey)
    const call = async (k: string, method: string, path: string, body?: unknown) => {
      const r = await fetch(hub.url + path, {method, headers: {authorization: `Bearer ${k}`, 'content-type': 'application/json', 'x-agora-client': 'test'}, body: body === undefined ? undefined : JSON.stringify(body)})
      if (!r.ok) throw new Error(`${method} ${path} -> ${r.status} ${await r.text()}`)
      return r.json()
    }
    const alice = lookupKey(home, hub.url, 'alice') as string, bob = lookupKey(home, hub.url, 'bob') as string
    await call(alice, 'POST', '/channels', {name: 'build', private: false})
    await call(bob, 'POST', '/channels/build/join', {})
    await call(olgaKey, 'POST', '/channels/build/join', {})
    await call(bob, 'PUT', '/channels/build/store/claim:parser', {value: {owner: 'bob', status: 'working', work: 'parser-1', needs_from: 'alice'}})
    await call(bob, 'PUT', '/channels/build/store/work:parser-1', {value: {status: 'planned', title: 'streaming parser'}})
    await call(olgaKey, 'PUT', '/channels/build/store/ruling:style', {value: {text: 'no force pushes'}})
  })
  after(async () => hub.close())

  it('agora board prints the live row waiting on alice and returns the board as data', async () => {
    const {result, stdout} = await runCommand(Board, as('alice', hub.url, home))
    expect(stdout).to.match(/^board for alice: owes 0 \(0 escalated\), to consume 0, to close 0$/m)
    expect(stdout).to.match(/^yours: none; waiting on you: build\/claim:parser$/m)
    expect(stdout).to.match(/^ {2}#build claim:parser {2}bob {2}working {2}idle 0m {2}needs alice$/m)
    expect(result.blocking_me).to.deep.equal(['build/claim:parser'])
  })

  it('agora supervise prints the stuck row for one channel', async () => {
    const {result, stdout} = await runCommand(Supervise, ['build', ...as('alice', hub.url, home)])
    expect(stdout).to.match(/^ {2}stuck {6}#build claim:parser {2}bob {2}working {2}idle 0m {2}needs alice$/m)
    expect(result).to.include({channel: 'build'})
  })

  it('agora work finds the row and the claim', async () => {
    const {result, stdout} = await runCommand(Work, ['parser-1', ...as('bob', hub.url, home)])
    expect(stdout).to.match(/^work parser-1: 1 row\(s\), 1 claim\(s\), 0 phase\(s\), 0 message\(s\)$/m)
    expect(result.claims.map((c: any) => c.key)).to.deep.equal(['claim:parser'])
    const bad = await runFailure(Work, ['parser', ...as('bob', hub.url, home)])
    expect(bad.message).to.contain('a work item id is <package>-<n>')
  })

  it('agora rulings marks a ruling NEW until agora rulings ack', async () => {
    const before = await runCommand(Rulings, ['build', ...as('bob', hub.url, home)])
    expect(before.stdout).to.include('NEW ruling:style v1 by olga: no force pushes').and.include('acknowledge with: agora rulings ack build ruling:style')
    const ack = await runCommand(RulingsAck, ['build', 'ruling:style', ...as('bob', hub.url, home)])
    expect(ack.stdout.trim()).to.equal('acknowledged ruling:style (v1); still unacknowledged: none')
    expect((await runCommand(Rulings, ['build', ...as('bob', hub.url, home)])).result.unacknowledged_rulings).to.deep.equal([])
  })

  it('agora desk is the operator\'s: refused to a plain seat with the hub\'s reason', async () => {
    const refused = await runFailure(Desk, as('bob', hub.url, home))
    expect(refused.message).to.contain("the desk is the operator's")
    const {result} = await runCommand(Desk, as('olga', hub.url, home))
    expect(result.counts.unacknowledged_rulings).to.equal(1)
  })
})
