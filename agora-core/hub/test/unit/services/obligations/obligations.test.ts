import {expect} from 'chai'
import {closed, discharge} from '../../../../src/services/obligations/obligations.js'
import type {Ctx} from '../../../../src/services/kernel/context.js'
import type {StoredMessage} from '../../../../src/services/messages/messages.js'

/** The engine only asks the context who is an operator. */
function ctxWith(operators: string[]): Ctx {
  return {cache: {isOperator: (id: string) => operators.includes(id)}} as unknown as Ctx
}

let seq = 0
function msg(over: Partial<StoredMessage>): StoredMessage {
  seq++
  return {id: `M${seq}`, channel: 'room', seq, sender: 'alice', kind: 'message', status: 'open', urgency: 'inbox',
    critical: false, downgraded: false, to: [], title: '', body: '', data: null, reply_to: null, created_at: seq, hash: null,
    retracted_at: null, retracted_by: null, ...over}
}

const reply = (root: StoredMessage, sender: string, over: Partial<StoredMessage> = {}) =>
  msg({sender, status: 'reply', reply_to: root.id, ...over})

describe('obligations', () => {
  const peers = ctxWith([])

  it('discharges a broadcast open on any reply from another seat, never the asker', () => {
    const m = msg({})
    expect(discharge(peers, m, [reply(m, 'alice')]).discharged).to.equal(false)
    expect(discharge(peers, m, [reply(m, 'bob')]).discharged).to.equal(true)
  })

  it('never discharges an addressed peer open by a reply; only closure ends it', () => {
    const m = msg({to: ['bob']})
    const replies = [reply(m, 'bob')]
    expect(closed(peers, m, replies).closed).to.equal(false)
    expect(closed(peers, m, [...replies, reply(m, 'carol', {status: 'resolved'})]).closed).to.equal(false)
    expect(closed(peers, m, [...replies, reply(m, 'alice', {status: 'resolved'})])).to.deep.equal({closed: true, closedBy: 'alice', withAuthority: true})
  })

  it('applies the canvass rule per ask and reports declines', () => {
    const m = msg({data: {asks: [{id: '1', text: 'a', to: ['bob', 'carol']}, {id: '2', text: 'b'}]}})
    const bob = reply(m, 'bob', {data: {answers: ['1', '2'], declines: ['2']}})
    expect(discharge(peers, m, [bob])).to.deep.equal({discharged: false, pending: ['1'], declined: ['2']})
    const carol = reply(m, 'carol', {data: {answers: ['1']}})
    expect(discharge(peers, m, [bob, carol])).to.deep.equal({discharged: true, pending: [], declined: ['2']})
  })

  it('lets an operator close any thread and requires operator settlement of an operator ask', () => {
    const ops = ctxWith(['op'])
    const m = msg({sender: 'op'})
    expect(discharge(ops, m, [reply(m, 'bob')]).discharged).to.equal(false)
    const other = msg({to: ['bob']})
    expect(closed(ops, other, [reply(other, 'op', {status: 'resolved'})]).closedBy).to.equal('op')
  })

  it('discharges an addressed system message when an addressee replies', () => {
    const m = msg({sender: 'hub', kind: 'system', to: ['bob']})
    expect(discharge(peers, m, [reply(m, 'carol')]).discharged).to.equal(false)
    expect(discharge(peers, m, [reply(m, 'bob')]).discharged).to.equal(true)
  })
})
