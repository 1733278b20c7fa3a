import {fixtureTrees} from './fixture-tree.js'
import {expect} from 'chai'
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {checkDependencyDirection, checkFileSizes, checkNoVendorNames} from './guards.js'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

const pkg = (name: string, deps: Record<string, string> = {}): string => JSON.stringify({name, dependencies: deps})

describe('architecture guards', () => {
  const fixture = fixtureTrees('agora-guard-')

  describe('dependency direction', () => {
    it('holds for this repository', () => {
      expect(checkDependencyDirection(REPO)).to.deep.equal([])
    })

    it('reports an adapter importing another adapter, hub importing mcp, probes importing client, and anything importing the CLI', () => {
      const root = fixture({
        'harness-adapters/alpha/package.json': pkg('@agora/harness-alpha'),
        'harness-adapters/alpha/src/harness.ts': "import {beta} from '@agora/harness-beta'\nimport type {HarnessDeclaration} from '@agora/contract'\n",
        'agora-core/hub/package.json': pkg('@agora/hub', {'@agora/mcp': '0.1.0'}),
        'agora-core/hub/src/index.ts': "import {runAgoraMcp} from '@agora/mcp'\n",
        'conformance/package.json': pkg('@agora/conformance'),
        'conformance/src/probes/c1-binary.ts': "import {AgoraClient} from '@agora/client'\n",
        'plugins/plugin-x/package.json': pkg('@agora/plugin-x', {'@agora/cli': '0.1.0'}),
      })
      const violations = checkDependencyDirection(root)
      expect(violations).to.have.length(5)
      expect(violations.join('\n')).to.include('harness-adapters/alpha/src/harness.ts: a harness adapter imports only @agora/contract')
      expect(violations.join('\n')).to.include('@agora/hub may not depend on @agora/mcp')
      expect(violations.join('\n')).to.include('@agora/hub may not import @agora/mcp')
      expect(violations.join('\n')).to.include('conformance/src/probes/c1-binary.ts: a conformance probe imports only @agora/contract')
      expect(violations.join('\n')).to.include('@agora/plugin-x may not depend on @agora/cli')
    })

    it('reports a runtime dependency in an adapter package', () => {
      const root = fixture({'harness-adapters/alpha/package.json': pkg('@agora/harness-alpha', {lodash: '^4'})})
      expect(checkDependencyDirection(root)).to.deep.equal(['harness-adapters/alpha/package.json: a harness adapter has no runtime dependencies (found lodash)'])
    })
  })

  describe('vendor names in generic code', () => {
    it('finds none in this repository', () => {
      expect(checkNoVendorNames(REPO)).to.deep.equal([])
    })

    it('reports each harness name in generic sources and ignores the hub word cursors', () => {
      const root = fixture({
        'agora-core/hub/package.json': pkg('@agora/hub'),
        'agora-core/hub/src/ack.ts': 'export const moveCursors = (cursors: Record<string, number>) => cursors\n',
        'plugins/plugin-drive/package.json': pkg('@agora/plugin-drive'),
        'plugins/plugin-drive/src/loop.ts': "if (harness === 'codex') {}\nconst dir = '.cursor/rules'\nconst bin = 'pi'\n",
        'harness-adapters/codex/package.json': pkg('@agora/harness-codex'),
        'harness-adapters/codex/src/harness.ts': "export const name = 'codex'\n",
      })
      const violations = checkNoVendorNames(root)
      expect(violations.map((v) => v.split(': ')[0])).to.deep.equal([
        'plugins/plugin-drive/src/loop.ts:1',
        'plugins/plugin-drive/src/loop.ts:2',
        'plugins/plugin-drive/src/loop.ts:3',
      ])
    })
  })

  describe('file sizes', () => {
    it('finds no file over the limit in this repository', () => {
      expect(checkFileSizes(REPO)).to.deep.equal([])
    })

    it('reports a 501-line source file and exempts fixtures', () => {
      const long = Array.from({length: 501}, (_, i) => `export const v${i} = ${i}`).join('\n')
      const root = fixture({
        'agora-core/hub/package.json': pkg('@agora/hub'),
        'agora-core/hub/src/big.ts': long,
        'agora-core/hub/test/fixtures/big.js': long,
      })
      expect(checkFileSizes(root)).to.deep.equal(['agora-core/hub/src/big.ts: 501 lines (limit 500: split it)'])
    })
  })
})
