import {mkdirSync, rmSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import {expect} from 'chai'

import {runSetup} from '../../src/setup/run-setup.js'
import type {SetupInput} from '../../src/setup/types.js'
import {HERE, MCP_OK, NAMES, input, tree} from './helpers.js'

const GOLDEN = join(HERE, 'golden')
const UPDATE = process.env.AGORA_UPDATE_GOLDEN === '1'

/** The workspace tree with this run's temp paths replaced by stable placeholders. */
function normalized(run: SetupInput): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [path, text] of Object.entries(tree(run.workspace))) {
    out[path] = text.split(MCP_OK).join('<AGORA_MCP>').split(run.workspace).join('<WORKSPACE>').split(run.userHome).join('<HOME>')
  }
  return out
}

function compare(name: string, actual: Record<string, string>): void {
  const dir = join(GOLDEN, name)
  if (UPDATE) {
    rmSync(dir, {recursive: true, force: true})
    for (const [path, text] of Object.entries(actual)) {
      mkdirSync(dirname(join(dir, path)), {recursive: true})
      writeFileSync(join(dir, path), text)
    }
  }
  const golden = tree(dir)
  expect(Object.keys(actual), `files of ${name}`).to.deep.equal(Object.keys(golden))
  for (const path of Object.keys(golden)) expect(actual[path], `${name}: ${path}`).to.equal(golden[path])
}

describe('setup golden trees', () => {
  for (const name of NAMES) {
    it(`writes the committed ${name} tree, READY, and a second run changes nothing`, async () => {
      const run = input([name])
      const first = await runSetup(run)
      expect(first.status, first.issues.join('; ')).to.equal('READY')
      compare(name, normalized(run))
      const before = tree(run.workspace)
      const second = await runSetup(run)
      expect(tree(run.workspace)).to.deep.equal(before)
      expect(second.files.every((f) => f.action === 'unchanged')).to.equal(true)
    })
  }

  it('writes the committed tree for every non-opt-in harness at once, in any order', async () => {
    const all = NAMES.filter((n) => n !== 'abstractcode-tui')
    const forward = input(all)
    const reversed = input([...all].reverse(), {userHome: forward.userHome, home: forward.home})
    const a = await runSetup(forward)
    await runSetup(reversed)
    compare('all', normalized(forward))
    expect(normalized(reversed)).to.deep.equal(normalized(forward))
    expect(a.notes.filter((n) => n.startsWith('note: AGENTS.md is shared by'))).to.deep.equal([
      'note: AGENTS.md is shared by abstractcode, codex, opencode, pi; it carries one neutral contract (wire a harness alone for its own)',
    ])
  })
})
