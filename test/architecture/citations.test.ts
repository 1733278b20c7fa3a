import {expect} from 'chai'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {checkNoOutsideSpecCitations} from './citations.js'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
// Built from pieces so this file itself breaks no rule.
const SECTION_SIGN = '\u00a7'
const HUB_SPEC = ['hub', 'md'].join('.')

describe('citations of outside specs', () => {
  let root = ''
  afterEach(() => root && rmSync(root, {recursive: true, force: true}))

  function fixture(files: Record<string, string>): string {
    root = mkdtempSync(join(tmpdir(), 'agora-cite-'))
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), {recursive: true})
      writeFileSync(join(root, path), content)
    }
    return root
  }

  it('finds none in this repository', () => {
    expect(checkNoOutsideSpecCitations(REPO)).to.deep.equal([])
  })

  it('reports section numbers, spec file names and absolute spec paths, and accepts docs/ pointers', () => {
    const tree = fixture({
      'agora-core/hub/package.json': JSON.stringify({name: '@agora/hub'}),
      'agora-core/hub/src/inbox.ts': [
        `/** Selection (${SECTION_SIGN}4.3). */`,
        `/** Selection (docs/protocol.md#inbox, ${SECTION_SIGN}4.3). */`,
        `// see ${HUB_SPEC} for the rules`,
        '// read /wo' + 'rk/sha' + 'red/spec/x first',
        'export const ok = 1',
      ].join('\n'),
      'agora-core/hub/README.md': `The pipeline (${SECTION_SIGN}1.4.1) in order.\nSee the [protocol](../../docs/protocol.md#messages).\n`,
      'README.md': 'Written from /ho' + 'me/dev/notes/spec/harness-notes.txt\n',
      'docs/notes.md': `Where ${SECTION_SIGN} 2 says so.\n`,
    })
    const found = checkNoOutsideSpecCitations(tree).map((v) => v.split(': ')[0]).sort()
    expect(found).to.deep.equal([
      'README.md:1',
      'agora-core/hub/README.md:1',
      'agora-core/hub/src/inbox.ts:1',
      'agora-core/hub/src/inbox.ts:3',
      'agora-core/hub/src/inbox.ts:4',
      'docs/notes.md:1',
    ])
  })
})
