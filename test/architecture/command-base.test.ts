import {fixtureTrees} from './fixture-tree.js'
import {expect} from 'chai'
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {checkCommandBase, oclifCommandNames} from './command-base.js'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

describe('architecture: every command extends AgoraCommand', () => {
  const fixture = fixtureTrees('agora-command-base-')
  const pkg = (name: string): string => JSON.stringify({name})
  const base = {
    'agora-core/command/package.json': pkg('@agora/command'),
    'agora-core/command/src/agora-command.ts': "import {Command, Flags} from '@oclif/core'\nexport abstract class AgoraCommand extends Command {}\n",
  }

  it('holds for this repository: only the base extends oclif\'s Command', () => {
    expect(checkCommandBase(REPO)).to.deep.equal([])
  })

  it('reports a command extending Command directly, through an alias, or through a namespace import', () => {
    const root = fixture({
      ...base,
      'plugins/plugin-x/package.json': pkg('@agora/plugin-x'),
      'plugins/plugin-x/src/commands/plain.ts': "import {Args, Command} from '@oclif/core'\nexport default class Plain extends Command {}\n",
      'plugins/plugin-x/src/commands/aliased.ts': "import {Command as OclifCommand, Flags} from '@oclif/core'\nexport default class Aliased extends OclifCommand {}\n",
      'conformance/package.json': pkg('@agora/conformance'),
      'conformance/src/commands/spaced.ts': "import * as oclif from '@oclif/core'\nexport default class Spaced extends oclif.Command {}\n",
    })
    expect(checkCommandBase(root).map((v) => v.split(':')[0] + ' ' + /class (\w+)/.exec(v)?.[1])).to.deep.equal([
      'plugins/plugin-x/src/commands/aliased.ts Aliased',
      'plugins/plugin-x/src/commands/plain.ts Plain',
      'conformance/src/commands/spaced.ts Spaced',
    ])
  })

  it('accepts commands on AgoraCommand and a class named Command that is not oclif\'s', () => {
    const root = fixture({
      ...base,
      'plugins/plugin-x/package.json': pkg('@agora/plugin-x'),
      'plugins/plugin-x/src/commands/good.ts': "import {AgoraCommand} from '@agora/command'\nimport {Flags} from '@oclif/core'\nexport default class Good extends AgoraCommand {}\n",
      'plugins/plugin-x/src/shell.ts': "import {Command} from './own-command.js'\nexport class Shell extends Command {}\n",
    })
    expect(checkCommandBase(root)).to.deep.equal([])
  })

  it('reports an exception whose class no longer extends Command, so the list cannot go stale', () => {
    const root = fixture({...base, 'plugins/plugin-x/package.json': pkg('@agora/plugin-x')})
    const allowed = {
      'agora-core/command/src/agora-command.ts': {className: 'AgoraCommand', reason: 'the base'},
      'plugins/plugin-x/src/commands/gone.ts': {className: 'Gone', reason: 'was special'},
    }
    expect(checkCommandBase(root, allowed)).to.deep.equal([
      "plugins/plugin-x/src/commands/gone.ts: listed in DIRECT_OCLIF_COMMANDS but class Gone there no longer extends oclif's Command; drop the entry",
    ])
  })

  it('reads the names oclif\'s Command is bound to, ignoring type-only imports', () => {
    expect(oclifCommandNames("import {Args, Command as Base} from '@oclif/core'")).to.deep.equal(['Base'])
    expect(oclifCommandNames("import * as oc from '@oclif/core'")).to.deep.equal(['oc.Command'])
    expect(oclifCommandNames("import type {Command} from '@oclif/core'")).to.deep.equal([])
    expect(oclifCommandNames("import {type Command, Flags} from '@oclif/core'")).to.deep.equal([])
  })
})
