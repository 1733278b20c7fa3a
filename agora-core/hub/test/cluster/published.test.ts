import {expect} from 'chai'
import {PublishedSeqs} from '../../src/cluster/published.js'

describe('PublishedSeqs', () => {
  it('keeps the prefix below a hole, so a catch-up reads from the hole, and runs on once it is filled', () => {
    const p = new PublishedSeqs()
    p.start('room', 55)
    p.add('room', 57) // this process's own post, while another process's #56 is on its way (or lost)
    p.add('room', 58)
    expect(p.prefix('room')).to.equal(55)
    expect([56, 57, 58].map(s => p.has('room', s))).to.deep.equal([false, true, true])
    p.add('room', 56)
    expect(p.prefix('room')).to.equal(58)
  })

  it('starts a channel it has not seen at 0, and a start below what was published changes nothing', () => {
    const p = new PublishedSeqs()
    expect(p.prefix('new')).to.equal(0)
    p.add('new', 1)
    p.add('new', 2)
    p.start('new', 1)
    expect(p.prefix('new')).to.equal(2)
  })

  it('runs a start on through seqs already published above it (events handled before the join read)', () => {
    const p = new PublishedSeqs()
    p.add('room', 11)
    p.add('room', 12)
    p.add('room', 14)
    p.start('room', 10)
    expect(p.prefix('room')).to.equal(12)
    expect(p.has('room', 13)).to.equal(false)
    expect(p.has('room', 14)).to.equal(true)
  })
})
