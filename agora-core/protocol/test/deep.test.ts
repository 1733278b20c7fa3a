import {expect} from 'chai'
import {allNumbersFinite, canonicalize, ledgerHash, LosslessNumber, parseJsonLossless, stringifyWire, toPlain} from '../src/index.js'
import {parseDeepLossless} from '../src/deep-parse.js'

// Rows nested far deeper than any request may be (the hub refuses depth > 64 at its door) can
// still sit in a database an older build wrote; every walk over stored JSON must survive them.
const nested = (depth: number): string => '{"a":['.repeat(depth) + '2.0' + ']}'.repeat(depth)

describe('walks over deeply nested JSON', () => {
  it('parses, canonicalizes, converts and checks a value nested 10,000 levels deep', () => {
    const text = nested(10_000)
    const value = parseJsonLossless(text)
    const canonical = canonicalize(value)
    expect(canonical).to.equal(text)
    expect(ledgerHash('', value)).to.match(/^[0-9a-f]{64}$/)
    expect(allNumbersFinite(value)).to.equal(true)
    let plain = toPlain(value) as {a: unknown[]}
    for (let i = 1; i < 10_000; i++) plain = plain.a[0] as {a: unknown[]}
    expect(plain.a).to.deep.equal([2])
  })

  it('reads the same values as the recursive parser for shallow text', () => {
    for (const text of ['{"b":[1,2.50,{"c":"x\\u00e9"}],"__proto__":{"z":null},"a":true}', '[]', '{}', ' [ 1 , { } ] ', '"s"', '-0.0e5', '123456789012345678901']) {
      expect(canonicalize(parseDeepLossless(text)), text).to.equal(canonicalize(parseJsonLossless(text)))
    }
  })

  it('refuses text that is not strict JSON', () => {
    for (const text of ['{', '[1,]', '{"a" 1}', '[1 2]', 'tru', '01', '"\u0001"', '[1]x', 'NaN', '']) {
      expect(() => parseDeepLossless(text), text).to.throw(SyntaxError)
    }
  })

  it('serves a value nested past the native writer\'s depth with the same text it gives a shallow one', () => {
    const mixed = {created_at: 1700000000, seq: 3, z: -0, tiny: 1e-7, f: 0.5, tok: new LosslessNumber('2.0'), s: 'é"\\', gone: undefined,
      list: [undefined, null, true, 'x'], when: new Date(0), nested: {since: 5, big: 1e21}}
    const shallow = stringifyWire(mixed)
    let deep: unknown = mixed
    for (let i = 0; i < 10_000; i++) deep = {a: [deep]}
    expect(stringifyWire(deep)).to.equal('{"a":['.repeat(10_000) + shallow + ']}'.repeat(10_000))
  })
})
