import {AssertionError, expect} from 'chai'
import {captured, exactly, only, present, the} from './present.js'

describe('test helpers: present', () => {
  it('the reads an element by index, counting negative indexes from the end', () => {
    expect(the(['a', 'b', 'c'], 0)).to.equal('a')
    expect(the(['a', 'b', 'c'], -1)).to.equal('c')
  })

  it('the fails with the list it looked in when the index is out of range', () => {
    expect(() => the([7], 1)).to.throw(AssertionError, 'expected an element at [1] of a 1-element list: [7]')
    expect(() => the([], -1)).to.throw(AssertionError, 'of a 0-element list')
  })

  it('the reads a record key and names the keys there when it is missing', () => {
    const record: Record<string, number> = {alice: 1}
    expect(the(record, 'alice')).to.equal(1)
    expect(() => the(record, 'bob')).to.throw(AssertionError, 'expected key "bob" among ["alice"]')
  })

  it('the still names the list when its elements cannot be shown as JSON', () => {
    const loop: {self?: unknown} = {}
    loop.self = loop
    expect(() => the([loop], 3)).to.throw(AssertionError, 'expected an element at [3] of a 1-element list: [ <ref *1> { self: [Circular *1] } ]')
  })

  it('the keeps an element that is present but undefined', () => {
    expect(the([undefined], 0)).to.equal(undefined)
  })

  it('only returns the single element and refuses none or several', () => {
    expect(only([{id: 'x'}])).to.deep.equal({id: 'x'})
    expect(() => only([])).to.throw(AssertionError, 'expected exactly one element, found 0')
    expect(() => only([1, 2])).to.throw(AssertionError, 'found 2: [1,2]')
  })

  it('exactly returns a list of the stated length as a tuple and refuses any other length', () => {
    const [a, b] = exactly(['x', 'y'], 2)
    expect(a + b).to.equal('xy')
    expect(() => exactly(['x'], 2)).to.throw(AssertionError, 'expected exactly 2 elements, found 1: ["x"]')
  })

  it('present passes a value through and names what was missing', () => {
    expect(present(0, 'zero')).to.equal(0)
    expect(() => present(new Map<string, number>().get('k'), 'the entry for k')).to.throw(AssertionError, 'expected the entry for k to be present, it is undefined')
    expect(() => present(null, 'the row')).to.throw(AssertionError, 'it is null')
  })

  it('captured returns a capture group and shows the text when the pattern misses', () => {
    expect(captured(/id=(\w+)/, 'posted id=abc')).to.equal('abc')
    expect(captured(/(a)(b)?/, 'ab', 2)).to.equal('b')
    expect(() => captured(/id=(\w+)/, 'nothing here')).to.throw(AssertionError, 'expected /id=(\\w+)/ to match in "nothing here"')
    expect(() => captured(/(a)(b)?/, 'a', 2)).to.throw(AssertionError, 'with group 2')
  })
})
