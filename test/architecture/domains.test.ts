import {fixtureTrees} from './fixture-tree.js'
import {expect} from 'chai'
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {checkDomainFaces, checkNoCycles, findCycles} from './domains.js'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

describe('architecture: hub domains and import cycles', () => {
  const fixture = fixtureTrees('agora-domains-')
  const pkg = (name: string): string => JSON.stringify({name})

  describe('import cycles', () => {
    it('finds none inside any package of this repository', () => {
      expect(checkNoCycles(REPO)).to.deep.equal([])
    })

    it('reports a three-file loop and a self-import, naming the files in order', () => {
      const root = fixture({
        'agora-core/x/package.json': pkg('@agora/x'),
        'agora-core/x/src/a.ts': "import {b} from './b.js'\nexport const a = () => b()\n",
        'agora-core/x/src/b.ts': "import {c} from './sub/c.js'\nexport const b = () => c()\n",
        'agora-core/x/src/sub/c.ts': "export {a as c} from '../a.js'\n",
        'agora-core/x/src/self.ts': "import './self.js'\n",
        'agora-core/x/src/leaf.ts': "import {a} from './a.js'\nexport const leaf = a\n",
      })
      expect(checkNoCycles(root)).to.deep.equal([
        'agora-core/x: import cycle agora-core/x/src/a.ts → agora-core/x/src/b.ts → agora-core/x/src/sub/c.ts → agora-core/x/src/a.ts',
        'agora-core/x: import cycle agora-core/x/src/self.ts → agora-core/x/src/self.ts',
      ])
    })

    it('ignores a loop closed only by type imports, which the compiler erases', () => {
      const root = fixture({
        'src/a.ts': "import type {B} from './b.js'\nexport interface A {b: B}\n",
        'src/b.ts': "import {a} from './c.js'\nexport interface B {n: number}\nexport const x = a\n",
        'src/c.ts': "export type {A} from './a.js'\nimport type {A} from './a.js'\nexport const a = 1\n",
      })
      expect(findCycles(root, ['src/a.ts', 'src/b.ts', 'src/c.ts'])).to.deep.equal([])
    })
  })

  describe('domain faces', () => {
    it('holds for the hub: every service is in a domain folder and reached from outside through its index', () => {
      expect(checkDomainFaces(REPO)).to.deep.equal([])
    })

    it('reports a route reaching past an index, a domain without one, and a loose service file', () => {
      const root = fixture({
        'agora-core/hub/src/services/chat/index.ts': "export {say} from './say.js'\n",
        'agora-core/hub/src/services/chat/say.ts': "import {keep} from '../kv/keep.js'\nexport const say = keep\n",
        'agora-core/hub/src/services/kv/keep.ts': 'export const keep = 1\n',
        'agora-core/hub/src/services/loose.ts': 'export const loose = 1\n',
        'agora-core/hub/src/routes/chat.ts': "import {say} from '../services/chat/say.js'\nimport {say as s} from '../services/chat/index.js'\n",
      })
      expect(checkDomainFaces(root).sort()).to.deep.equal([
        'agora-core/hub/src/routes/chat.ts: imports services/chat/say.ts; import from services/chat/index.js, the domain\'s public face',
        'agora-core/hub/src/services/chat/say.ts: imports services/kv/keep.ts; import from services/kv/index.js, the domain\'s public face',
        'agora-core/hub/src/services/kv: a domain folder needs an index.ts (its public face)',
        'agora-core/hub/src/services/loose.ts: every service lives in a domain folder (services/<domain>/), not loose in services/',
      ])
    })
  })
})
