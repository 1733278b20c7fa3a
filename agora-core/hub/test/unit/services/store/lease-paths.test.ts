import {expect} from 'chai'
import {AgoraError} from '@agora/protocol'
import {normalizePattern, normalizeWorkspace, overlaps} from '../../../../src/services/store/lease-paths.js'

describe('lease paths', () => {
  // [a, b, overlap?, why]
  const table: Array<[string, string, boolean, string]> = [
    ['src/a.ts', 'src/a.ts', true, 'exact'],
    ['src/a.ts', 'src/b.ts', false, 'siblings'],
    ['src', 'src/a.ts', true, 'ancestor directory'],
    ['src/a.ts', 'src', true, 'descendant of a leased directory'],
    ['src/api', 'src/apix/a.ts', false, 'a name prefix is not an ancestor'],
    ['src/api/**', 'src/api/v1/users.ts', true, 'globstar covers deep files'],
    ['src/api/**', 'src/api', true, 'globstar and its own root'],
    ['src/api/**', 'src/web/a.ts', false, 'globstar stays under its root'],
    ['src/*.ts', 'src/a.ts', true, 'star within one segment'],
    ['src/*.ts', 'src/a.js', false, 'star with a different suffix'],
    ['src/*.ts', 'src/sub/a.ts', false, 'star does not cross a slash'],
    ['src/a?.ts', 'src/ab.ts', true, 'question mark is one character'],
    ['src/a?.ts', 'src/a.ts', false, 'question mark is exactly one character'],
    ['src/*.ts', 'src/a*', true, 'two globs that share a name (a.ts)'],
    ['src/*.ts', 'src/*.js', false, 'two globs with disjoint suffixes'],
    ['**/*.md', 'docs/guide/intro.md', true, 'leading globstar'],
    ['**/*.md', 'docs', true, 'a directory that can hold markdown files'],
    ['src/*.ts', 'src/*.js/x.ts', false, 'globs name files, not directories'],
    ['**', 'anything/at/all', true, 'everything'],
    ['Src/API/Users.ts', 'src/api/users.ts', true, 'case differs only'],
    ['app/[id].tsx', 'app/[id].tsx', true, 'brackets are literal'],
    ['app/[id].tsx', 'app/i.tsx', false, 'brackets are not a character class'],
  ]
  for (const [a, b, expected, why] of table) {
    it(`says ${a} and ${b} ${expected ? 'overlap' : 'do not overlap'} (${why})`, () => {
      expect(overlaps(a, b)).to.equal(expected)
      expect(overlaps(b, a), 'overlap is symmetric').to.equal(expected)
    })
  }

  it('treats a written file as having no descendants: **/*.md does not cover docs/intro.txt', () => {
    expect(overlaps('**/*.md', 'docs/intro.txt', true)).to.equal(false)
    expect(overlaps('**/*.md', 'docs/intro.md', true)).to.equal(true)
    expect(overlaps('src', 'src/a.ts', true)).to.equal(true)
    expect(overlaps('src/a.ts/x', 'src/a.ts', true), 'a file cannot hold a leased child').to.equal(false)
  })

  it('normalizes ./, doubled and trailing slashes to one spelling', () => {
    expect(normalizePattern('./src//api/')).to.equal('src/api')
  })

  const refused: Array<[unknown, RegExp]> = [
    ['../etc/passwd', /'\.\.'/],
    ['src/../../x', /'\.\.'/],
    ['/home/me/repo/src', /absolute/],
    ['C:/repo/src', /absolute/],
    ['src\\a.ts', /backslash/],
    ['.', /repository root/],
    ['', /non-empty/],
    [42, /non-empty/],
    ['src/\u0000a', /control/],
  ]
  for (const [raw, detail] of refused) {
    it(`refuses the pattern ${JSON.stringify(raw)} with a teaching 400`, () => {
      try {
        normalizePattern(raw)
        expect.fail('accepted')
      } catch (e) {
        expect(e).to.be.instanceOf(AgoraError)
        expect((e as AgoraError).status).to.equal(400)
        expect(String((e as AgoraError).detail)).to.match(detail)
      }
    })
  }

  it('accepts repository identities and refuses machine paths as workspaces', () => {
    expect(normalizeWorkspace('github.com/acme/app@1a2b3c4d5e6f')).to.equal('github.com/acme/app@1a2b3c4d5e6f')
    expect(() => normalizeWorkspace('/home/me/app')).to.throw(/machine path/)
    expect(() => normalizeWorkspace('has space')).to.throw(/repository identity/)
  })
})
