import {expect} from 'chai'
import {perOwner} from '../../src/per-owner.js'

describe('perOwner', () => {
  it('makes one state per owner on first use and returns that same state afterwards', () => {
    let made = 0
    const counterOf = perOwner((owner: {name: string}) => ({owner: owner.name, serial: ++made}))
    const a = {name: 'a'}
    const b = {name: 'b'}
    const first = counterOf(a)
    expect(counterOf(a)).to.equal(first)
    expect(counterOf(b)).to.deep.equal({owner: 'b', serial: 2})
    expect(first).to.deep.equal({owner: 'a', serial: 1})
    expect(made).to.equal(2)
  })

  it('keeps the state of two getters apart for the same owner', () => {
    const owner = {}
    const left = perOwner(() => new Map<string, number>())
    const right = perOwner(() => new Map<string, number>())
    left(owner).set('k', 1)
    expect(right(owner).has('k')).to.equal(false)
  })
})
