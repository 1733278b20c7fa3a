import {AgoraClient} from '@agora/client'
import {lookupKey} from '@agora/home'
import {expect} from 'chai'

import {as, homeWithSeats, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'
import {agoraJson, buildPlugin} from '../helpers/bin.js'

describe('agora history, retract, note, digest (real binary)', function () {
  this.timeout(240_000)
  let hub: RunningHub
  let home: string
  let alice: AgoraClient
  before(async function () {
    this.timeout(240_000)
    await buildPlugin()
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice', 'bob'])
    alice = new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, 'alice')})
  })
  after(async () => hub?.close())

  it('pages history after a seq with a limit', async () => {
    const head = (await alice.history('commons', {limit: 1000})).at(-1)!.seq
    for (const body of ['one', 'two', 'three']) await alice.postMessage('commons', {body})
    const rows = await agoraJson(['history', 'commons', '--since', String(head + 1), '--limit', '1', ...as('bob', hub.url, home)])
    expect(rows.map((m: {seq: number; body: string}) => [m.seq, m.body])).to.deep.equal([[head + 2, 'two']])
  })

  it('retracts a message by seq and a thread by id', async () => {
    const m = await alice.postMessage('commons', {body: 'oops'})
    expect(await agoraJson(['retract', 'commons', String(m.seq), ...as('alice', hub.url, home)]))
      .to.include({seq: m.seq, retracted: true, body: '[retracted by alice]'})
    const root = await alice.postMessage('commons', {body: 'root'})
    await alice.postMessage('commons', {body: 'child', status: 'reply', reply_to: root.id})
    expect(await agoraJson(['retract', 'commons', root.id, '--thread', ...as('alice', hub.url, home)])).to.include({count: 2})
  })

  it('saves, shows, lists and clears a private colleague note', async () => {
    expect(await agoraJson(['note', 'bob', 'careful reviewer', ...as('alice', hub.url, home)])).to.include({subject: 'bob', note: 'careful reviewer'})
    expect((await agoraJson(['note', ...as('alice', hub.url, home)])).map((n: {subject: string}) => n.subject)).to.deep.equal(['bob'])
    expect(await agoraJson(['note', ...as('bob', hub.url, home)])).to.deep.equal([])
    expect(await agoraJson(['note', 'bob', '--clear', ...as('alice', hub.url, home)])).to.include({note: '', removed: true})
  })

  it('digests a channel into its open questions', async () => {
    const q = await alice.postMessage('commons', {body: 'which parser?', title: 'parser?', status: 'open'})
    const d = await agoraJson(['digest', 'commons', ...as('bob', hub.url, home)])
    expect(d.open_questions.map((o: {seq: number; title: string}) => [o.seq, o.title])).to.deep.equal([[q.seq, 'parser?']])
  })
})
