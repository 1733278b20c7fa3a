import {expect} from 'chai'
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {runDrive} from '../../src/drive/run-drive.js'
import {openTurnLog} from '../../src/drive/turn-log.js'
import {REPO} from '../helpers/cli.js'
import {askBob, fixtureHarness, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'
import {the} from '../../../../test/helpers/present.js'

describe('turn-log', function () {
  this.timeout(60_000)

  describe('openTurnLog', () => {
    let dir: string
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'agora-turn-log-'))
    })
    afterEach(() => {
      chmodSync(dir, 0o700)
      rmSync(dir, {recursive: true, force: true})
    })

    it('tightens an existing file to 0600 and writes one redacted JSON record per line', () => {
      const path = join(dir, 'turns.jsonl')
      writeFileSync(path, '', {mode: 0o644})
      const out: string[] = []
      const log = openTurnLog({path, explicit: true, cwd: '/', agent: 'bob', out: (l) => out.push(l)})!
      log.record('turn_start', {kind: 'boot', session: null})
      log.raw(`{"type":"call","bearer":"agora_${'k'.repeat(40)}"}`)
      expect(out).to.deep.equal([])
      expect(statSync(path).mode & 0o777).to.equal(0o600)
      const lines = readFileSync(path, 'utf8').split('\n')
      expect(lines).to.have.length(3)
      expect(JSON.parse(the(lines, 0))).to.include({event: 'turn_start', agent: 'bob', kind: 'boot'})
      expect(lines[1]).to.equal('{"type":"call","bearer":"agora_[REDACTED]"}')
    })

    it('warns turn-log-in-workspace for a relative PATH and resolves it against the workspace', () => {
      const out: string[] = []
      const log = openTurnLog({path: 'logs.jsonl', explicit: true, cwd: dir, agent: 'bob', out: (l) => out.push(l)})
      expect(log?.path).to.equal(join(dir, 'logs.jsonl'))
      expect(out).to.have.length(1)
      expect(out[0]).to.match(new RegExp(`^AGORA_DRIVE warn=turn-log-in-workspace agent=bob path=${join(dir, 'logs.jsonl')} — `))
    })

    it('warns turn-log-unwritable and returns no log when the file cannot be created', () => {
      const locked = join(dir, 'locked')
      mkdirSync(locked, {mode: 0o500})
      const out: string[] = []
      expect(openTurnLog({path: join(locked, 'sub', 't.jsonl'), explicit: true, cwd: '/', agent: 'bob', out: (l) => out.push(l)})).to.equal(null)
      expect(out[0]).to.match(/^AGORA_DRIVE warn=turn-log-unwritable agent=bob path=\S+ detail=".*ENOENT.*" — driving on without a turn log$/)
    })
  })

  describe('agora drive --turn-log-path', () => {
    let world: World
    beforeEach(async () => {
      world = await openWorld()
    })
    afterEach(async () => world.close())

    const drive = async (extra: {turnLogPath?: string}, out: string[]) =>
      runDrive({maxWait: 20, debounce: 0, turnBudget: 9, workBudget: 0, receptionTimeout: 60, workTimeout: 60, sessionRotate: 25, turnLog: false, once: true, ...extra}, {
        cwd: world.workspace, home: world.home, env: world.env, found: [await fixtureHarness()], out: (l) => out.push(l), err: () => {}, agoraScript: join(REPO, 'bin/run.js'),
      })

    it('records turn_start, raw stdout and turn_end with its spec fields to the named PATH', async () => {
      await askBob(world)
      const path = join(world.root, 'flight', 'turns.jsonl')
      mkdirSync(join(world.root, 'flight'))
      const out: string[] = []
      expect((await drive({turnLogPath: path}, out)).code, out.join('\n')).to.equal(0)
      const records = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
      expect(records[0]).to.have.keys('event', 'ts', 'agent', 'kind', 'harness', 'session', 'model')
      expect(records.some((r) => r.type === 'call')).to.equal(true)
      const end = records.at(-1)!
      expect(end).to.include({event: 'turn_end', agent: 'bob', kind: 'boot', ok: true, harness: 'scripted', rc: 0})
      expect(end).to.have.keys('event', 'ts', 'agent', 'kind', 'ok', 'harness', 'rc', 'mcp_tools', 'dur_s', 'session')
      expect(statSync(path).mode & 0o777).to.equal(0o600)
    })

    it('drives on after warning turn-log-unwritable', async () => {
      await askBob(world)
      const out: string[] = []
      const exit = await drive({turnLogPath: join(world.root, 'missing-dir', 't.jsonl')}, out)
      expect(exit.code, out.join('\n')).to.equal(0)
      expect(out.some((l) => l.startsWith('AGORA_DRIVE warn=turn-log-unwritable agent=bob'))).to.equal(true)
      expect(out.some((l) => l.includes('event=turn_end status=ok'))).to.equal(true)
    })

    it('refuses an empty PATH before arming, naming the bare flag', async () => {
      const out: string[] = []
      await drive({turnLogPath: ' '}, out).then(() => expect.fail('armed'), (e: Error) => expect(e.message).to.equal('--turn-log-path needs a file path; pass --turn-log alone to record to AGORA_HOME/drive-<id>.turns.jsonl'))
      expect(out).to.deep.equal([])
    })
  })
})
