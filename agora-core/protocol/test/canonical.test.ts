import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {createHash} from 'node:crypto'
import {canonicalize, ledgerHash, parseJsonLossless, pyFloatRepr} from '../src/index.js'

interface Case {why: string; payload: unknown; canonical: string; sha256_of_empty_prev: string}
const vectors = parseJsonLossless(
  readFileSync(new URL('./vectors/canonicalization.json', import.meta.url), 'utf8'),
) as {cases: Case[]}

describe('canonicalize', () => {
  for (const c of vectors.cases) {
    it(`reproduces the golden bytes and hash: ${c.why}`, () => {
      const text = canonicalize(c.payload)
      expect(text).to.equal(c.canonical)
      expect(ledgerHash('', c.payload)).to.equal(c.sha256_of_empty_prev)
      expect(createHash('sha256').update('\n' + text).digest('hex')).to.equal(c.sha256_of_empty_prev)
    })
  }

  it('formats floats like Python repr', () => {
    const cases: Array<[number, string]> = [
      [2, '2.0'], [0.1, '0.1'], [1e-7, '1e-07'], [1e16, '1e+16'], [-0, '-0.0'], [0, '0.0'],
      [1e15, '1000000000000000.0'], [1.2345678901234568e17, '1.2345678901234568e+17'],
      [0.0001, '0.0001'], [0.00001, '1e-05'], [1732999999.123, '1732999999.123'], [-2.5, '-2.5'],
      [1e100, '1e+100'], [123.456, '123.456'],
    ]
    for (const [x, want] of cases) expect(pyFloatRepr(x), String(x)).to.equal(want)
  })

  it('escapes astral characters as lowercase surrogate pairs and sorts keys by code point', () => {
    expect(canonicalize({'\u{1F600}': 1, '\uFFFF': 2})).to.equal('{"\\uffff":2,"\\ud83d\\ude00":1}')
    expect(canonicalize('a/b\u007f\u0001')).to.equal('"a/b\\u007f\\u0001"')
  })

  it('keeps integer tokens beyond 2^53 exactly', () => {
    expect(canonicalize(parseJsonLossless('{"n":123456789012345678901234567890}'))).to.equal(
      '{"n":123456789012345678901234567890}',
    )
  })
})
