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

  it('drops undefined and honours toJSON like JSON.stringify', () => {
    expect(stringifyWire({a: undefined, d: {toJSON: () => 'D'}})).to.equal('{"d":"D"}')
  })
})
