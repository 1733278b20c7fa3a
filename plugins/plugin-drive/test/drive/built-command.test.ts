import {expect} from 'chai'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {Config} from '@oclif/core'
import type {HarnessDeclaration} from '@agora/contract'

import {runDrive} from '../../src/drive/run-drive.js'
import type {DriveOptions} from '../../src/drive/run-drive.js'
import {packagedSkillPath} from '../../src/drive/skill.js'
import {REPO} from '../helpers/cli.js'
import {askBob, fixtureHarness, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'
import {exactly, the} from '../../../../test/helpers/present.js'

const base: DriveOptions = {maxWait: 20, debounce: 0, turnBudget: 250, workBudget: 100, receptionTimeout: 60, workTimeout: 3600, sessionRotate: 25, turnLog: false, once: true}

/** The scripted fixture, blind (no evidence stream), logging each turn's argv and session to `log`. */
async function variant(log: string, extra: (turn: Parameters<HarnessDeclaration['buildCommand']>[0]) => {discard?: string[]; sessionId?: string}): Promise<Awaited<ReturnType<typeof fixtureHarness>>> {
  const found = await fixtureHarness()
  const decl = found.declaration!
  const harnessArgs = (turn: Parameters<HarnessDeclaration['buildCommand']>[0]): Array<[string, string]> => [['log', log], ...(turn.paths.skill ? [['skill-file', turn.paths.skill] as [string, string]] : [])]
  const declaration: HarnessDeclaration = {
    ...decl, evidence: null, unmet: ['evidence'],
    buildCommand: (turn) => {
      const built = decl.buildCommand({...turn, harnessArgs: harnessArgs(turn)})
      const more = extra(turn)
      // a discarded file still present when the binary starts fails the turn
      const guard = (more.discard ?? []).map((p) => `[ -e '${p}' ] && { echo "still present: ${p}" >&2; exit 7; }; `).join('')
      return {...built, argv: ['/bin/sh', '-c', `${guard}exec "$@"`, 'sh', ...built.argv], ...more}
    },
  }
  return {...found, declaration}
}

const turnsIn = (log: string): Array<{argv: string[]; session: string}> => readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l))

describe('agora drive adopts what the built command returns', function () {
  this.timeout(60_000)
  let world: World
  beforeEach(async () => {
    world = await openWorld()
  })
  afterEach(async () => world.close())

  const drive = async (found: Awaited<ReturnType<typeof fixtureHarness>>, skillPath?: string) => {
    const out: string[] = []
    const exit = await runDrive(base, {cwd: world.workspace, home: world.home, env: world.env, found: [found], out: (l) => out.push(l), err: () => {}, agoraScript: join(REPO, 'bin/run.js'), skillPath})
    return {exit, out}
  }

  it('resumes the next turn in the session the command chose when the verdict names none', async () => {
    const log = join(world.root, 'turns.jsonl')
    const found = await variant(log, (turn) => ({sessionId: turn.sessionId ?? 'chosen-by-harness'}))
    await askBob(world)
    const first = await drive(found)
    expect(first.exit, first.out.join('\n')).to.deep.equal({code: 0, reason: 'once-ok'})
    expect(first.out.find((l) => l.includes('event=turn_end'))).to.match(/ session=chosen-by-harness mcp_tools=unobservable$/)
    await askBob(world, 'A second question?')
    const second = await drive(found)
    expect(second.exit, second.out.join('\n')).to.deep.equal({code: 0, reason: 'once-ok'})
    const [boot, wake] = exactly(turnsIn(log), 2)
    expect(boot.argv).not.to.include('--resume')
    expect(wake.argv).to.include.members(['--resume', 'chosen-by-harness'])
    expect(wake.session).to.equal('chosen-by-harness')
  })

  it('removes the discarded paths before the turn spawns', async () => {
    const log = join(world.root, 'turns.jsonl')
    const stale = join(world.root, 'lane-state.json')
    writeFileSync(stale, '{"stale":true}')
    const found = await variant(log, () => ({discard: [stale]}))
    await askBob(world)
    const {exit, out} = await drive(found)
    expect(exit, out.join('\n')).to.deep.equal({code: 0, reason: 'once-ok'})
    expect(existsSync(stale)).to.equal(false)
  })

  it('hands the packaged skill path to a declaration that puts it in argv', async () => {
    const log = join(world.root, 'turns.jsonl')
    const config = await Config.load(join(REPO, 'bin'))
    const skill = packagedSkillPath(config.plugins.values())
    expect(skill).to.equal(join(REPO, 'plugins/plugin-harness/assets/skill/SKILL.md'))
    await askBob(world)
    const {exit, out} = await drive(await variant(log, () => ({})), skill)
    expect(exit, out.join('\n')).to.deep.equal({code: 0, reason: 'once-ok'})
    expect(the(turnsIn(log), 0).argv).to.include.members(['--skill-file', skill!])
  })

  it('finds no skill path when the skill plugin is not loaded', () => {
    expect(packagedSkillPath([{name: '@agora/plugin-drive', root: REPO}])).to.equal(undefined)
  })
})
