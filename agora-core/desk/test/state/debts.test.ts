import {expect} from 'chai'
import fc from 'fast-check'
import {ageHistogram, band, DebtBook, filterDebts, sortDebts} from '../../src/state/debts.js'
import type {DebtRow, HubDebt} from '../../src/state/debts.js'

function hubDebt(over: Partial<HubDebt>): HubDebt {
  return {debtor: 'bob', creditor: 'alice', channel: 'commons', id: 'm1', seq: 1, title: 'review?', kind: 'answer',
    created_at: 1000, age_s: 100, sla_minutes: 60, escalated: false, ...over}
}

describe('state/debts', () => {
  it('takes the hub’s rows as they are: one per seat that owes, keyed by message and debtor', () => {
    const book = new DebtBook()
    book.fromHub([hubDebt({}), hubDebt({debtor: 'carol', kind: 'ask'}), hubDebt({id: 'm2', seq: 2, debtor: 'carol', creditor: 'olga', kind: 'directive'})], 5000)
    expect(book.rows(5000).map(r => [r.key, r.debtor, r.creditor, r.kind])).to.deep.equal([
      ['m1:bob', 'bob', 'alice', 'answer'], ['m1:carol', 'carol', 'alice', 'ask'], ['m2:carol', 'carol', 'olga', 'directive']])
    expect([book.countFor('carol'), book.countFor('bob'), book.countFor('alice'), book.size]).to.deep.equal([2, 1, 0, 3])
  })

  it('replaces the whole list on each read, so a debt the hub settled disappears and counts follow', () => {
    const book = new DebtBook()
    book.fromHub([hubDebt({}), hubDebt({debtor: 'carol'})], 5000)
    book.fromHub([hubDebt({debtor: 'carol'})], 5010)
    expect(book.rows(5010).map(r => r.key)).to.deep.equal(['m1:carol'])
    expect(book.countFor('bob')).to.equal(0)
  })

  it('ages a row from the hub’s pause-adjusted age by the desk clock since the read, banded by the room’s SLA', () => {
    const book = new DebtBook()
    // Created 7200 s ago by the hub's clock, 5400 s of it paused: the hub says 1800 s; a 10-minute room SLA.
    book.fromHub([hubDebt({created_at: 0, age_s: 1800, sla_minutes: 10})], 50_000)
    expect(book.rows(50_000)[0]).to.include({age: 1800, band: 'escalated'})
    expect(book.rows(50_000 + 600)[0]).to.include({age: 2400, band: 'escalated'})
    expect(book.rows(50_000 + 601)[0]).to.include({age: 2401, band: 'overdue'})
  })

  it('builds a non-operator’s rows from its own /owed, the seat as the debtor', () => {
    const book = new DebtBook()
    book.fromOwed('bob', [{channel: 'ops', id: 'q1', seq: 4, sender: 'alice', title: 'deploy?', created_at: 1000}], 3000, 99)
    expect(book.rows(159)[0]).to.include({key: 'q1:bob', debtor: 'bob', creditor: 'alice', channel: 'ops', age: 2060, band: 'due'})
  })

  it('bands ages against the SLA: fresh, due, escalated, overdue', () => {
    expect([0, 1799, 1800, 3600, 3601, 14400, 14401].map(a => band(a))).to.deep.equal(
      ['fresh', 'fresh', 'due', 'due', 'escalated', 'escalated', 'overdue'])
    expect(band(700, 10)).to.equal('escalated')
  })

  const rows: DebtRow[] = [
    {key: 'x:bob', message: 'x', channel: 'ops', seq: 1, debtor: 'bob', creditor: 'alice', kind: 'answer', title: '', created_at: 0, hubAge: 50, at: 0, slaMinutes: 60, age: 50, band: 'fresh'},
    {key: 'y:carol', message: 'y', channel: 'commons', seq: 2, debtor: 'carol', creditor: 'bob', kind: 'ask', title: '', created_at: 0, hubAge: 9000, at: 0, slaMinutes: 60, age: 9000, band: 'escalated'},
    {key: 'z:amy', message: 'z', channel: 'commons', seq: 3, debtor: 'amy', creditor: 'carol', kind: 'directive', title: '', created_at: 0, hubAge: 2000, at: 0, slaMinutes: 60, age: 2000, band: 'due'},
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
