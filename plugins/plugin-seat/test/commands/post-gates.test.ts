import {cacheKey, lookupKey} from '@agora/home'
import {expect} from 'chai'

import ChannelDescribe from '../../src/commands/channel/describe.js'
import Post from '../../src/commands/post.js'
import RulingsAck from '../../src/commands/rulings/ack.js'
import {adminClient, as, homeWithSeats, runCommand, runFailure, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

// A room that requires rulings acknowledged and takes new threads only as typed notices: the refusals
// name the command to run, and that command gets the post through.
describe('post in a room with rulings_required and a noticeboard policy', () => {
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
    const alice = lookupKey(home, hub.url, 'alice') as string
    await call(alice, 'POST', '/channels', {name: 'board', private: false})
    await call(olgaKey, 'POST', '/channels/board/join', {})
    await call(olgaKey, 'PUT', '/channels/board/store/ruling:style', {value: {text: 'no force pushes'}})
    await call(alice, 'PUT', '/channels/board/store/channel:meta', {value: {rulings_required: true, traffic_policy: 'noticeboard'}})
  })
  after(async () => hub.close())

  it('refuses the post until agora rulings ack, then refuses a thread without --notice, then posts the notice', async () => {
    const gated = await runFailure(Post, ['board', 'hello', ...as('alice', hub.url, home)])
    expect(gated.message).to.contain('agora rulings ack board ruling:style')
    await runCommand(RulingsAck, ['board', 'ruling:style', ...as('alice', hub.url, home)])
    const bare = await runFailure(Post, ['board', 'hello', ...as('alice', hub.url, home)])
    expect(bare.message).to.contain("'board' is a noticeboard: a new thread is a typed notice")
    const {result} = await runCommand(Post, ['board', 'who reviews the parser?', '--title', 'need a reviewer', '--notice', 'job:review/parser', '--status', 'open', ...as('alice', hub.url, home)])
    expect(result.data?.notice).to.deep.equal({kind: 'job', key: 'review/parser'})
    const bad = await runFailure(Post, ['board', 'x', '--notice', 'job', ...as('alice', hub.url, home)])
    expect(bad.message).to.contain('--notice "job" must be "<kind>:<key>"')
  })

  it('agora channel describe prints the traffic policy and the live notices', async () => {
    const {result, stdout} = await runCommand(ChannelDescribe, ['board', ...as('alice', hub.url, home)])
    expect(stdout).to.match(/^traffic policy: noticeboard$/m)
    expect(stdout).to.match(/#\d+ job:review\/parser by alice — need a reviewer/)
    expect(result.traffic_policy).to.equal('noticeboard')
  })
})
