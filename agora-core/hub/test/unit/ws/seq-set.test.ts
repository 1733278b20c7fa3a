import {expect} from 'chai'
import {SeqSet} from '../../../src/ws/seq-set.js'

describe('SeqSet', () => {
  it('holds exactly the seqs added, in any order', () => {
    const s = new SeqSet()
    for (const n of [146, 11, 12, 200, 13, 145]) s.add(n)
    const held = Array.from({length: 210}, (_, i) => i).filter(n => s.has(n))
    expect(held).to.deep.equal([11, 12, 13, 145, 146, 200])
  })

  it('merges runs as the gaps between them fill', () => {
    const s = new SeqSet()
    s.add(146)
    for (let n = 11; n <= 145; n++) s.add(n)
    expect(s.size).to.equal(1)
    s.add(148)
    expect(s.size).to.equal(2)
    s.add(147)
    expect(s.size).to.equal(1)
    expect(s.has(10)).to.equal(false)
    expect(s.has(149)).to.equal(false)
    expect([11, 100, 148].every(n => s.has(n))).to.equal(true)
  })

  it('ignores a seq added twice', () => {
    const s = new SeqSet()
    s.add(5)
    s.add(5)
    s.add(3)
    s.add(3)
    expect(s.size).to.equal(2)
    expect([3, 4, 5].map(n => s.has(n))).to.deep.equal([true, false, true])
  })
})
