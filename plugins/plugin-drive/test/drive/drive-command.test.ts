import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {runAgora} from '../helpers/cli.js'
import {askBob, FIXTURE, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

describe('agora drive', function () {
  this.timeout(120_000)
  let world: World
  let dataDir: string
  let env: Record<string, string>
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'agora-drive-data-'))
    const linked = await runAgora(['plugins', 'link', '--no-install', FIXTURE], {env: {AGORA_DATA_DIR: dataDir, npm_config_offline: 'true'}, timeoutMs: 100_000})
    expect(linked.code, linked.stderr).to.equal(0)
  })
  after(() => rmSync(dataDir, {recursive: true, force: true}))
  beforeEach(async () => {
    world = await openWorld()
    env = {...(world.env as Record<string, string>), AGORA_DATA_DIR: dataDir}
  })
  afterEach(async () => world.close())

  it('drives the linked fixture harness through one reception turn that answers the ask (--once)', async () => {
    const ask = await askBob(world)
    const run = await runAgora(['drive', '--once', '--debounce', '0', '--max-wait', '30'], {env, cwd: world.workspace, timeoutMs: 90_000})
    expect(run.code, run.stderr + run.stdout).to.equal(0)
    const lines = run.stdout.trim().split('\n')
    expect(lines[0]).to.match(/^AGORA_DRIVE event=ready status=ok agent=bob harness=scripted .* permissions=write model=harness-default work_budget=100\/h limitations=none$/)
    expect(lines).to.include('AGORA_DRIVE state=turn agent=bob reason=obligation')
    expect(lines.find((l) => l.includes('event=turn_end'))).to.match(/status=ok agent=bob harness=scripted kind=boot dur=\d+s session=scripted-\S+ mcp_tools=check_inbox,post_message$/)
    const owed = await world.alice.call<{to_consume: Array<{id: string; answered_by: string}>}>('GET', '/owed')
    expect(owed.to_consume.map((row) => [row.id, row.answered_by])).to.deep.equal([[ask.id, 'bob']])
  })

  it('refuses a knob the harness does not declare before anything starts, naming who supports it', async () => {
    const run = await runAgora(['drive', '--once', '--reasoning-effort', 'high'], {env, cwd: world.workspace, timeoutMs: 60_000})
    expect(run.code).to.equal(2)
    expect(run.stdout).to.equal('')
    expect(run.stderr).to.match(/--reasoning-effort is not supported by the 'scripted' harness \(supported by: [^)]+\)/)
  })

  it('refuses --permissions outside the harness vocabulary with its rationale', async () => {
    const run = await runAgora(['drive', '--once', '--permissions', 'all'], {env, cwd: world.workspace, timeoutMs: 60_000})
    expect(run.code).to.equal(2)
    expect(run.stderr).to.include("the 'scripted' harness accepts --permissions read|write — got 'all'. the scripted agent has no unrestricted mode.")
  })

  it('records the turn to the file --turn-log-path names, and refuses an empty one', async () => {
    await askBob(world)
    const log = join(world.root, 'flight.jsonl')
    const run = await runAgora(['drive', '--once', '--debounce', '0', '--max-wait', '30', '--turn-log-path', log], {env, cwd: world.workspace, timeoutMs: 90_000})
    expect(run.code, run.stderr + run.stdout).to.equal(0)
    const events = readFileSync(log, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as {event?: string}).event).filter(Boolean)
    expect(events).to.deep.equal(['turn_start', 'turn_end'])
    const empty = await runAgora(['drive', '--once', '--turn-log-path', ''], {env, cwd: world.workspace, timeoutMs: 60_000})
    expect(empty.code).to.equal(2)
    expect(empty.stderr).to.include('--turn-log-path needs a file path; pass --turn-log alone')
  })
})
