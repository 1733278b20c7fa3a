import {lookupKey} from '@agora/home'
import {expect} from 'chai'

import Resolve from '../../src/commands/resolve.js'
import {as, homeWithSeats, runCommand, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'

describe('agora resolve', () => {
  let hub: RunningHub
  let home: string
  const post = async (seat: string, body: Record<string, unknown>): Promise<{id: string; seq: number}> => {
    const r = await fetch(`${hub.url}/channels/commons/messages`, {method: 'POST', headers: {authorization: `Bearer ${lookupKey(home, hub.url, seat)!}`, 'content-type': 'application/json'}, body: JSON.stringify(body)})
    if (!r.ok) throw new Error(`post -> ${r.status} ${await r.text()}`)
    return await r.json() as {id: string; seq: number}
  }
  before(async () => {
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice', 'bob'])
  })
  after(async () => hub.close())

  it('closes an open question with a resolved reply and says which', async () => {
    const q = await post('alice', {body: 'Tuesday or Thursday?', status: 'open'})
    const {result, stdout} = await runCommand(Resolve, ['commons', String(q.seq), '--body', 'Tuesday it is', ...as('alice', hub.url, home)])
    const closed = result.closed[0]
    expect(result.closed.map(c => c.seq)).to.deep.equal([q.seq])
    expect(stdout).to.equal(`closed commons#${q.seq} (alice) with commons#${String(closed?.resolved_seq)}\n`)
  })

  it('says why there is nothing to close when an answer already closed the question', async () => {
    const q = await post('alice', {body: 'which window?', status: 'open'})
    await post('bob', {body: 'Tuesday', status: 'reply', reply_to: q.id})
    const {result, stdout} = await runCommand(Resolve, ['commons', String(q.seq), ...as('alice', hub.url, home)])
    expect(result.closed).to.deep.equal([])
    expect(stdout).to.equal(`nothing to close in commons ${q.seq}: no question in its thread is still open\n`)
  })
})
