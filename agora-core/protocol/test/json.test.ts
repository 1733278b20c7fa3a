import {expect} from 'chai'
import fc from 'fast-check'
import {FLOAT_KEYS, isLosslessNumber, LosslessNumber, parseJsonLossless, pyFloatRepr, stringifyWire} from '../src/index.js'

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

/** The wire text written the plain recursive way (docs/protocol.md: timestamps as Python floats, lossless tokens verbatim). */
function plainWire(v: unknown, key: string): string | undefined {
  if (v === undefined || typeof v === 'function') return undefined
  if (v === null) return 'null'
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return 'null'
    if (FLOAT_KEYS.has(key)) return pyFloatRepr(v)
    if (Number.isInteger(v) && Math.abs(v) < 1e21) return Object.is(v, -0) ? '0' : String(v)
    return pyFloatRepr(v)
  }
  if (isLosslessNumber(v)) return v.value
  if (typeof v !== 'object') return JSON.stringify(v)
  if (Array.isArray(v)) return `[${v.map(x => plainWire(x, '') ?? 'null').join(',')}]`
  const parts: string[] = []
  for (const [k, x] of Object.entries(v)) {
    const text = plainWire(x, k)
    if (text !== undefined) parts.push(`${JSON.stringify(k)}:${text}`)
  }
  return `{${parts.join(',')}}`
}

describe('stringifyWire against the plain recursive writer', () => {
  const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(1700000000, 1700000000.5, -0, 1e-7, 1e16, 1e21, 2 ** 53 + 2))
  const leaf = fc.oneof(number, fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined),
    fc.constantFrom('2.0', '123456789012345678901', '1e-7').map(t => new LosslessNumber(t)))
  const key = fc.oneof(fc.constantFrom('created_at', 'answered_at', 'seq', 'retracted_at', '__proto__', 'version'), fc.string({maxLength: 6}))
  const {tree} = fc.letrec<{tree: unknown}>(tie => ({
    tree: fc.oneof({depthSize: 'small', withCrossShrink: true}, leaf, fc.array(tie('tree'), {maxLength: 4}),
      fc.dictionary(key, tie('tree'), {maxKeys: 5, noNullPrototype: true})),
  }))

  it('writes the same text for any tree of numbers, strings, lossless tokens, arrays and objects', () => {
    fc.assert(fc.property(tree, v => { expect(stringifyWire(v)).to.equal(plainWire(v, '') ?? 'null') }), {numRuns: 2000})
  })

  it('leaves the value it serializes untouched', () => {
    fc.assert(fc.property(tree, v => {
      const before = plainWire(v, '')
      stringifyWire(v)
      expect(plainWire(v, '')).to.equal(before)
    }), {numRuns: 300})
  })
})
