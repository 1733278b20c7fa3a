import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'

import {httpHub} from '../../src/hub-port.js'
import {runListen} from '../../src/listen/run-listen.js'
import type {ListenOptions} from '../../src/listen/run-listen.js'
import {openWsSource} from '../../src/listen/ws-source.js'
import {seatFiles} from '../../src/seat-files.js'
import {sleep} from '../helpers/home.js'
import {openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

describe('runListen against a real hub', function () {
  this.timeout(30_000)
  let world: World
  afterEach(async () => world.close())

  const listen = (extra: Partial<ListenOptions>, out: string[]) =>
    runListen(
      {agentId: 'bob', url: world.hub.url, home: world.home, source: 'auto', once: true, importantOnly: false, maxWaitS: 10, debounceS: 0, heartbeatS: 300, ...extra},
      {out: (l) => out.push(l), err: () => {}, hub: httpHub({url: world.hub.url, agentId: 'bob', home: world.home}), openWs: openWsSource},
    )

  it('tails the notify file the hub writes and wakes on a DM', async () => {
    world = await openWorld()
    await world.alice.call('POST', '/dms/bob/messages', {status: 'fyi', title: 'first', body: 'hello'})
    const notify = seatFiles(world.home, 'bob').notify
    expect(existsSync(notify)).to.equal(true)
    expect(readFileSync(notify, 'utf8').trim().split('\n').at(-1)).to.match(/^\{"channel": "dm:alice--bob", "seq": 1, "sender": "alice", "id": "[0-9A-Z]{26}", "kind": "message", "status": "fyi", "title": "first", "retracted": false, "flags": "to-me,addressed", "preview": "hello"\}$/)
    const out: string[] = []
    const running = listen({source: 'file'}, out)
    await sleep(300)
    await world.alice.call('POST', '/dms/bob/messages', {status: 'fyi', title: 'second', body: 'hi again'})
    const result = await running
    expect(result.code).to.equal(2)
    expect(out[0]).to.equal(`AGORA_LISTEN armed source=file agent=bob hub=${world.hub.url} window=10`)
    expect(out.at(-1)).to.match(/^AGORA_WAKE agent=bob n=1 channels=dm:alice--bob#2 age=\d+s flags=[a-z,-]*dm$/)
  })

  it('subscribes over the socket when there is no notify file, and wakes on a DM', async () => {
    world = await openWorld({notify: false})
    await world.alice.call('POST', '/dms/bob/messages', {status: 'fyi', title: 'opening', body: 'makes the DM channel'})
    const out: string[] = []
    const running = listen({}, out)
    await sleep(500)
    await world.alice.call('POST', '/dms/bob/messages', {status: 'open', title: 'a question', body: '?', asks: [{id: 'q1', text: '?', to: ['bob']}]})
    const result = await running
    expect(result.code).to.equal(2)
    expect(out[0]).to.equal(`AGORA_LISTEN armed source=ws agent=bob hub=${world.hub.url} window=10`)
    expect(out.at(-1)).to.match(/^AGORA_WAKE agent=bob n=1 channels=dm:alice--bob#2 age=\d+s flags=to-me,open,dm oldest=dm:alice--bob#2,\d+s,names-you owed=1$/)
  })

  it('exits 1 naming keys.json when the hub refuses the cached key over the socket', async () => {
    world = await openWorld({notify: false})
    const {cacheKey} = await import('@agora/home')
    cacheKey(world.home, world.hub.url, 'bob', 'agora_' + 'x'.repeat(40))
    const out: string[] = []
    const err: string[] = []
    const result = await runListen(
      {agentId: 'bob', url: world.hub.url, home: world.home, source: 'ws', once: true, importantOnly: false, maxWaitS: 5, debounceS: 0, heartbeatS: 300},
      {out: (l) => out.push(l), err: (l) => err.push(l), hub: null, openWs: openWsSource},
    )
    expect(result).to.include({code: 1, reason: 'error'})
    expect(out).to.deep.equal(['AGORA_LISTEN ended reason=error'])
    expect(err.at(-1)).to.match(/^agora listen: the hub refused bob's key \(401\); fix .*keys\.json/)
  })
})
