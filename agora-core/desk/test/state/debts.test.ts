import {expect} from 'chai'
import fc from 'fast-check'
import {ageHistogram, ANY_MEMBER, band, DebtBook, EARLY_MAX, filterDebts, sortDebts} from '../../src/state/debts.js'
import type {DebtRow} from '../../src/state/debts.js'
import type {DeskMessage} from '../../src/state/types.js'

let seq = 0
function msg(over: Partial<DeskMessage>): DeskMessage {
  seq++
  return {id: `m${seq}`, channel: 'commons', seq, sender: 'alice', kind: 'message', status: 'fyi', urgency: 'inbox', critical: false,
    to: [], title: '', body: 'text', data: null, reply_to: null, created_at: 1000 + seq, ...over}
}

describe('state/debts', () => {
  it('opens one debt per addressee of an open message and settles each with its own reply', () => {
    const book = new DebtBook()
    const ask = msg({status: 'open', to: ['bob', 'carol'], title: 'review?'})
    book.apply(ask)
    expect(book.rows(2000).map(r => [r.debtor, r.creditor, r.kind])).to.deep.equal([['bob', 'alice', 'answer'], ['carol', 'alice', 'answer']])
    book.apply(msg({sender: 'bob', status: 'reply', reply_to: ask.id}))
    expect(book.rows(2000).map(r => r.debtor)).to.deep.equal(['carol'])
    expect(book.countFor('carol')).to.equal(1)
    expect(book.countFor('bob')).to.equal(0)
  })

  it('does not settle a debt with the asker\'s own reply', () => {
    const book = new DebtBook()
    const ask = msg({status: 'open', to: ['bob']})
    book.apply(ask)
    book.apply(msg({sender: 'alice', status: 'reply', reply_to: ask.id}))
    expect(book.size).to.equal(1)
  })

  it('owes an unaddressed open message from any member until someone else replies', () => {
    const book = new DebtBook()
    const ask = msg({status: 'open'})
    book.apply(ask)
    expect(book.rows(2000)[0]).to.include({debtor: ANY_MEMBER, kind: 'reply'})
    book.apply(msg({sender: 'dave', status: 'reply', reply_to: ask.id}))
    expect(book.size).to.equal(0)
  })

  it('names the seats of each ask as debtors and calls the debt an ask', () => {
    const book = new DebtBook()
    book.apply(msg({status: 'open', data: {asks: [{id: 'a1', text: 'which?', to: ['erin']}]}}))
    expect(book.rows(2000).map(r => [r.debtor, r.kind])).to.deep.equal([['erin', 'ask']])
  })

  it('settles every debtor on a resolved reply or a retraction', () => {
    const book = new DebtBook()
    const a = msg({status: 'open', to: ['bob', 'carol']})
    const b = msg({status: 'blocked', to: ['bob']})
    book.apply(a)
    book.apply(b)
    book.apply(msg({sender: 'carol', status: 'resolved', reply_to: a.id}))
    expect(book.rows(2000).map(r => r.message)).to.deep.equal([b.id])
    book.apply({...b, retracted: true})
    expect(book.size).to.equal(0)
  })

  it('settles a debt whose reply arrived before the question (backlog order)', () => {
    const book = new DebtBook()
    const ask = msg({status: 'open', to: ['bob']})
    book.apply(msg({sender: 'bob', status: 'reply', reply_to: ask.id}))
    book.apply(ask)
    expect(book.size).to.equal(0)
  })

  it('keeps at most EARLY_MAX orphan replies, dropping the oldest, so a long-open desk does not grow', () => {
    const book = new DebtBook()
    const parents = Array.from({length: EARLY_MAX + 1}, () => msg({status: 'open', to: ['bob']}))
    for (const p of parents) book.apply(msg({sender: 'bob', status: 'reply', reply_to: p.id}))
    book.apply(parents[0]!)
    book.apply(parents[EARLY_MAX]!)
    expect(book.rows(2000).map(r => r.message)).to.deep.equal([parents[0]!.id])
  })

  it('bands ages against the SLA: fresh, due, escalated, overdue', () => {
    expect([0, 1799, 1800, 3600, 3601, 14400, 14401].map(a => band(a))).to.deep.equal(
      ['fresh', 'fresh', 'due', 'due', 'escalated', 'escalated', 'overdue'])
    expect(band(700, 10)).to.equal('escalated')
  })

  const rows: DebtRow[] = [
    {key: 'x:bob', message: 'x', channel: 'ops', seq: 1, debtor: 'bob', creditor: 'alice', kind: 'answer', title: '', created_at: 0, age: 50, band: 'fresh'},
    {key: 'y:carol', message: 'y', channel: 'commons', seq: 2, debtor: 'carol', creditor: 'bob', kind: 'ask', title: '', created_at: 0, age: 9000, band: 'escalated'},
    {key: 'z:amy', message: 'z', channel: 'commons', seq: 3, debtor: 'amy', creditor: 'carol', kind: 'reply', title: '', created_at: 0, age: 2000, band: 'due'},
  ]

  it('sorts by any column either way, oldest first among ties', () => {
    expect(sortDebts(rows, 'age', true).map(r => r.age)).to.deep.equal([9000, 2000, 50])
    expect(sortDebts(rows, 'debtor').map(r => r.debtor)).to.deep.equal(['amy', 'bob', 'carol'])
    expect(sortDebts(rows, 'band', true).map(r => r.band)).to.deep.equal(['escalated', 'due', 'fresh'])
    expect(sortDebts(rows, 'channel').map(r => r.key)).to.deep.equal(['y:carol', 'z:amy', 'x:bob'])
  })

  it('sorts into a total order: any permutation of the input sorts the same', () => {
    fc.assert(fc.property(fc.shuffledSubarray(rows, {minLength: rows.length}), fc.constantFrom('age', 'debtor', 'creditor', 'channel', 'kind', 'band'), fc.boolean(),
      (shuffled, key, desc) => {
        expect(sortDebts(shuffled, key as 'age', desc).map(r => r.key)).to.deep.equal(sortDebts(rows, key as 'age', desc).map(r => r.key))
      }))
  })

  it('filters by a seat on either side and by channel', () => {
    expect(filterDebts(rows, {seat: 'carol'}).map(r => r.key)).to.deep.equal(['y:carol', 'z:amy'])
    expect(filterDebts(rows, {channel: 'ops'}).map(r => r.key)).to.deep.equal(['x:bob'])
    expect(filterDebts(rows, {seat: 'bob', channel: 'commons'}).map(r => r.key)).to.deep.equal(['y:carol'])
    expect(filterDebts(rows, {})).to.have.length(3)
  })

  it('buckets debt ages for the histogram', () => {
    expect(ageHistogram(rows)).to.deep.equal([1, 1, 1, 0, 0])
  })
})
