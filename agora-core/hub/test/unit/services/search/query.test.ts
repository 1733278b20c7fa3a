import {expect} from 'chai'
import fc from 'fast-check'
import Database from 'better-sqlite3'
import {canRelax, ftsMatch, highlights, parseQuery, snippet} from '../../../../src/services/search/query.js'

describe('search query parsing', () => {
  // The hub's own FTS5 definition, in memory: what the generated MATCH text must always satisfy.
  const db = new Database(':memory:')
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(title, body, tokenize='unicode61 remove_diacritics 2')`)
  db.prepare('INSERT INTO t (title, body) VALUES (?, ?)').run('', "don't x-ray the café build")
  const match = (text: string) => db.prepare('SELECT count(*) AS n FROM t WHERE t MATCH ?').get(text) as {n: number}

  it('quotes plain words, so any text without search operators is a valid MATCH, relaxed or not', () => {
    const plain = fc.string({maxLength: 80, unit: 'grapheme'}).filter(s => !/["()*^:]|\b(AND|OR|NOT|NEAR)\b/.test(s))
    fc.assert(fc.property(plain, (q) => {
      const parsed = parseQuery(q)
      expect(parsed.raw).to.equal(false)
      if (parsed.words.length === 0) return
      expect(() => match(ftsMatch(parsed, false))).not.to.throw()
      expect(() => match(ftsMatch(parsed, true))).not.to.throw()
    }), {numRuns: 300})
  })

  it('finds words across punctuation and diacritics, and passes operator queries through as written', () => {
    expect(match(ftsMatch(parseQuery("don't x-ray"), false)).n).to.equal(1)
    expect(match(ftsMatch(parseQuery('cafe'), false)).n).to.equal(1)
    const raw = parseQuery('"the café" OR nothing')
    expect(raw).to.deep.equal({text: '"the café" OR nothing', words: ['the', 'café', 'nothing'], raw: true})
    expect(ftsMatch(raw, false)).to.equal('"the café" OR nothing')
    expect(ftsMatch(raw, true)).to.equal('"the" OR "café" OR "nothing"')
    expect(canRelax(parseQuery('one'))).to.equal(false)
  })

  it('refuses a query over 256 characters with 422', () => {
    expect(() => parseQuery('x'.repeat(257))).to.throw().with.property('status', 422)
    expect(parseQuery('x'.repeat(256)).words).to.deep.equal(['x'.repeat(256)])
  })

  it('cuts a long text around the first query word', () => {
    const text = `${'lorem '.repeat(60)}the needle is here ${'ipsum '.repeat(60)}`
    const s = snippet(text, ['needle'])
    expect(s).to.have.length.at.most(162)
    expect(s).to.match(/^….*the needle is here.*…$/)
    expect(snippet('short text', ['x'])).to.equal('short text')
  })

  it('marks each word a query word starts, in code points, in text order', () => {
    expect(highlights('Deploy plan: deployment at noon', ['deploy'])).to.deep.equal([[0, 6], [13, 6]])
    // An astral emoji is one code point (two UTF-16 units): offsets after it count it once.
    expect(highlights('🚀 café deploy', ['deploy', 'caf'])).to.deep.equal([[2, 3], [7, 6]])
    expect(highlights('nothing here', ['deploy'])).to.deep.equal([])
    expect(highlights('anything', [])).to.deep.equal([])
  })

  it('gives highlights that always lie inside the snippet and spell a query word', () => {
    fc.assert(fc.property(fc.string({maxLength: 80}), fc.array(fc.stringMatching(/^[a-z]{1,6}$/), {minLength: 1, maxLength: 3}), (text, words) => {
      const chars = [...text]
      let last = -1
      for (const [start, length] of highlights(text, words)) {
        expect(start).to.be.greaterThan(last)
        expect(start + length).to.be.at.most(chars.length)
        expect(words).to.include(chars.slice(start, start + length).join('').toLowerCase())
        last = start
      }
    }))
  })
})
