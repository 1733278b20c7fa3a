import {expect} from 'chai'
import {LosslessNumber, parseJsonLossless, stringifyWire} from '../src/index.js'

describe('stringifyWire', () => {
  it('serves timestamp keys as Python floats and keeps lossless tokens verbatim', () => {
    const value = {created_at: 1700000000, seq: 3, data: parseJsonLossless('{"x":2.0,"big":123456789012345678901,"e":1e-7}')}
    expect(stringifyWire(value)).to.equal('{"created_at":1700000000.0,"seq":3,"data":{"x":2.0,"big":123456789012345678901,"e":1e-7}}')
  })

  it('formats plain non-integral numbers the Python way', () => {
    expect(stringifyWire({v: 1e-7, w: 0.5, z: -0, n: Number.NaN})).to.equal('{"v":1e-07,"w":0.5,"z":0,"n":null}')
  })

  it('cannot be tricked by strings that look like placeholders', () => {
    const text = stringifyWire({a: 'x:0', b: new LosslessNumber('1.0'), c: '"'})
    expect(JSON.parse(text)).to.deep.equal({a: 'x:0', b: 1, c: '"'})
    expect(text).to.contain('"b":1.0')
  })

  it('gives the native text for values with no Python-form number, and the Python form once one appears deep inside', () => {
    const plain = {id: 'm', seq: 4, created_at: 1700000000.25, to: ['a'], data: {n: [1, 2.5, null, true]}, body: 'é\u2028"'}
    expect(stringifyWire(plain)).to.equal(JSON.stringify(plain))
    expect(stringifyWire({...plain, data: {n: [{retracted_at: 1700000001}]}})).to.contain('"retracted_at":1700000001.0')
    expect(stringifyWire([[{x: 1e-7}]])).to.equal('[[{"x":1e-07}]]')
  })

  it('drops undefined and honours toJSON like JSON.stringify', () => {
    expect(stringifyWire({a: undefined, d: {toJSON: () => 'D'}})).to.equal('{"d":"D"}')
  })
})
