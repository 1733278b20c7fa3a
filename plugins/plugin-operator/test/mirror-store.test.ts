import type {StoreEntry} from '@agora/client'
import {expect} from 'chai'
import fc from 'fast-check'

import {inlineText, leaseLine, rowSection, storeMarkdown} from '../src/mirror-store.js'
import {the} from '../../../test/helpers/present.js'

const MARKDOWN_PUNCTUATION = /[\\`*_{}[\]()#+\-.!|<>~&=:]/
const row = (key: string, value: unknown, version = 1): StoreEntry =>
  ({channel: 'c', key, value, version, updated_by: 'alice', updated_at: 1_700_000_000}) as StoreEntry

/** Lines outside every ```/~~~ fence, the way a Markdown reader splits the file. */
function outsideFences(md: string): string[] {
  const out: string[] = []
  let fence = ''
  for (const line of md.split('\n')) {
    const open = /^(~{3,}|`{3,})/.exec(line)
    if (!fence && open) fence = the(open, 1)
    else if (fence && line.startsWith(fence.charAt(0)) && /^(~+|`+)$/.test(line) && line.length >= fence.length) fence = ''
    else if (!fence) out.push(line)
  }
  return out
}

describe('mirror-store rendering', () => {
  it('escapes every Markdown punctuation character and every line break of any text', () => {
    fc.assert(fc.property(fc.string({unit: 'binary'}), (text) => {
      const out = inlineText(text)
      expect(out).to.not.include('\n').and.not.include('\r')
      // Reading left to right, every punctuation character is either an escape or escaped.
      for (let i = 0; i < out.length; i++) {
        if (out[i] === '\\') { i++; continue }
        expect(MARKDOWN_PUNCTUATION.test(out.charAt(i)), `unescaped ${JSON.stringify(out[i])} in ${JSON.stringify(out)}`).to.equal(false)
      }
    }), {numRuns: 500})
  })

  it('keeps any key and any JSON value inside its own section: only the file\'s headings appear outside fences', () => {
    fc.assert(fc.property(fc.string({unit: 'binary', minLength: 1}), fc.jsonValue(), fc.string({unit: 'binary'}), (key, value, holder) => {
      const md = storeMarkdown('build', 'http://127.0.0.1:1', [row(`notes:${key}`, value), row('lease:ws:p:h', {holder, path: holder, workspace: 'w', expires_at: 1})])
      const headings = outsideFences(md).filter((l) => /^#{1,6}\s/.test(l))
      expect(headings).to.deep.equal(['# build · store', '## Leases (1)', '## Rows (1)', `### ${inlineText(`notes:${key}`)}`])
      expect(outsideFences(md).filter((l) => l.startsWith('- ')).length).to.equal(4)
    }), {numRuns: 300})
  })

  it('renders a lease with a missing or odd value as a line rather than throwing', () => {
    expect(leaseLine(row('lease:x', null))).to.equal('- ? holds ? (exclusive) until - · workspace ? · v1')
    expect(leaseLine(row('lease:x', {holder: 'bob', path: 'a/**', mode: 'shared', expires_at: 0}))).to.include('bob holds a/\\*\\* (shared) until 1970-01-01T00:00:00Z')
    expect(rowSection(row('k', '~~~~~~~'))).to.include('~~~~~~~~json\n"~~~~~~~"\n~~~~~~~~')
  })
})
