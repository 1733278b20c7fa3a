import {expect} from 'chai'
import fc from 'fast-check'
import type {Lease} from '@agora/protocol'
import {buildLeaseIndex, exclusiveHolders} from '../../../../src/services/store/lease-index.js'
import {overlaps} from '../../../../src/services/store/lease-paths.js'

const lease = (path: string, holder = 'bob', mode: Lease['mode'] = 'exclusive', expires_at = 2000): Lease =>
  ({workspace: 'local@abc', path, holder, mode, channel: 'build', taken_at: 1000, expires_at, note: '', version: 1})

/** What the index must answer: every row compared with `overlaps`, in row order. */
const bruteForce = (rows: Lease[], file: string, holder: string, now: number): Lease[] =>
  rows.filter((l) => l.mode === 'exclusive' && l.holder !== holder && l.expires_at > now && overlaps(l.path, file, true))

describe('lease index', () => {
  const rows = [lease('src/api/**'), lease('src/mod1/file1.ts'), lease('pkg1/**/*.ts', 'carol'), lease('Docs'), lease('**/*.md', 'dan'),
    lease('src/a?.ts'), lease('src/shared.ts', 'erin', 'shared'), lease('src/old.ts', 'bob', 'exclusive', 500), lease('src/mine.ts', 'me')]
  const index = buildLeaseIndex(rows)

  it('finds a file under a leased globstar, in an ancestor directory and under a deep glob', () => {
    expect(exclusiveHolders(index, 'src/api/v1/users.ts', 'me', 1500).map((l) => l.path)).to.deep.equal(['src/api/**'])
    expect(exclusiveHolders(index, 'docs/guide/intro.txt', 'me', 1500).map((l) => l.path)).to.deep.equal(['Docs'])
    expect(exclusiveHolders(index, 'pkg1/a/b/c.ts', 'me', 1500).map((l) => l.path)).to.deep.equal(['pkg1/**/*.ts'])
  })

  it('answers in row order when several leases cover one file', () => {
    expect(exclusiveHolders(index, 'docs/readme.md', 'me', 1500).map((l) => l.path)).to.deep.equal(['Docs', '**/*.md'])
  })

  it('leaves out shared, expired and own leases and leases elsewhere', () => {
    for (const file of ['src/shared.ts', 'src/old.ts', 'src/mine.ts', 'src/free/file.ts', 'src/ab.tsx']) {
      expect(exclusiveHolders(index, file, 'me', 1500), file).to.deep.equal([])
    }
  })

  it('compares a file name holding a glob character against every lease', () => {
    expect(exclusiveHolders(index, 'src/a*.ts', 'me', 1500).map((l) => l.path)).to.deep.equal(bruteForce(rows, 'src/a*.ts', 'me', 1500).map((l) => l.path))
  })

  it('gives the answer overlaps gives over every row, for generated leases and files', () => {
    const segment = fc.constantFrom('src', 'SRC', 'api', 'a.ts', 'b.md', '*', '*.ts', 'a?.ts', '**', 'x', 'docs')
    const pattern = fc.array(segment, {minLength: 1, maxLength: 5}).map((s) => s.join('/'))
    const file = fc.array(fc.constantFrom('src', 'Src', 'api', 'a.ts', 'ab.ts', 'b.md', 'x', 'docs', 'a*'), {minLength: 1, maxLength: 5}).map((s) => s.join('/'))
    const row = fc.record({path: pattern, holder: fc.constantFrom('bob', 'me'), mode: fc.constantFrom('exclusive', 'shared') as fc.Arbitrary<Lease['mode']>,
      expires_at: fc.constantFrom(1000, 2000)})
    fc.assert(fc.property(fc.array(row, {maxLength: 12}), file, (specs, f) => {
      const leases = specs.map((s) => lease(s.path, s.holder, s.mode, s.expires_at))
      expect(exclusiveHolders(buildLeaseIndex(leases), f, 'me', 1500)).to.deep.equal(bruteForce(leases, f, 'me', 1500))
    }), {numRuns: 2000})
  })
})
