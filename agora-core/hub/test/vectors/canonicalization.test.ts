import {readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {expect} from 'chai'
import {canonicalize, parseJsonLossless} from '@agora/protocol'
import {canonical, parseLossless, sha256Hex} from '../helpers/ledger.js'

const FILE = join(dirname(fileURLToPath(import.meta.url)), 'data', 'canonicalization.json')
const text = readFileSync(FILE, 'utf8')

describe('canonicalization vectors', () => {
  const doc = parseLossless(text) as any
  it('has the five pinned cases', () => expect(doc.cases).to.have.length(5))
  for (const [i, c] of (doc.cases as any[]).entries()) {
    it(`reproduces case ${i + 1} through @agora/protocol canonicalize: ${c.why}`, () => {
      const ours = (parseJsonLossless as (t: string) => any)(text).cases[i].payload
      const s = (canonicalize as (v: unknown) => string)(ours)
      expect(s).to.equal(c.canonical)
      expect(sha256Hex('\n' + s)).to.equal(c.sha256_of_empty_prev)
    })
    it(`reproduces case ${i + 1} through the tests' independent canonicalizer`, () => {
      const s = canonical(c.payload)
      expect(s).to.equal(c.canonical)
      expect(sha256Hex('' + '\n' + s)).to.equal(c.sha256_of_empty_prev)
    })
  }
})
