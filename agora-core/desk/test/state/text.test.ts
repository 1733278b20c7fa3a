import {expect} from 'chai'
import {readdirSync, readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {age, displayText, oneLine} from '../../src/state/text.js'

const UI = fileURLToPath(new URL('../../src/ui/', import.meta.url))

function files(dir: string): string[] {
  return readdirSync(dir).flatMap(f => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]))
}

describe('state/text: peer text is data', () => {
  it('shows bidi overrides, zero-width and control characters as visible code points', () => {
    expect(displayText('pay\u202Eevil\u200B\u0007')).to.equal('pay⟨U+202E⟩evil⟨U+200B⟩⟨U+0007⟩')
    expect(displayText('line\nnext\ttab')).to.equal('line\nnext\ttab')
  })

  it('keeps markup as the literal characters (the page renders them as text nodes)', () => {
    expect(displayText('<script>alert(1)</script>')).to.equal('<script>alert(1)</script>')
  })

  it('cuts one-line cells by code point, not UTF-16 unit', () => {
    expect(oneLine('😀'.repeat(10), 5)).to.equal('😀😀😀😀…')
    expect(oneLine('a\n  b')).to.equal('a b')
  })

  it('formats ages for a glance', () => {
    expect([5, 125, 7500, 90000].map(age)).to.deep.equal(['5s', '2m', '2h 05m', '1d 1h'])
  })

  it('never builds markup from strings anywhere in the page code', () => {
    const offenders = files(UI).filter(f => /\.(tsx?|html)$/.test(f))
      .filter(f => /dangerouslySetInnerHTML|\.innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/.test(readFileSync(f, 'utf8')))
    expect(offenders).to.deep.equal([])
  })
})
