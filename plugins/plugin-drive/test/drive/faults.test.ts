import {expect} from 'chai'
import {readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'

import {DriveRefusal} from '../../src/drive/arm.js'
import {runDrive} from '../../src/drive/run-drive.js'
import type {DriveOptions} from '../../src/drive/run-drive.js'
import {REPO} from '../helpers/cli.js'
import {askBob, fixtureHarness, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

/** A driver that fails its first turn one way (`fault`), backs off 1 s, and re-runs the held wake. */
async function driveWithFault(world: World, fault: string, extra: Partial<DriveOptions> = {}): Promise<{out: string[]; failures: Array<Record<string, unknown>>}> {
  await askBob(world)
  const out: string[] = []
  const options: DriveOptions = {
    maxWait: 20, debounce: 0, turnBudget: 250, workBudget: 0, receptionTimeout: 60, workTimeout: 3600, sessionRotate: 25, turnLog: false, once: false,
    maxTurns: 2, backoffBase: 1, backoffCeiling: 4,
    harnessArg: [`fault=${fault}`, 'fault-times=1', `fault-state=${join(world.root, 'fault-count')}`],
    ...extra,
  }
  await runDrive(options, {cwd: world.workspace, home: world.home, env: world.env, found: [await fixtureHarness()], out: (l) => out.push(l), err: () => {}, agoraScript: join(REPO, 'bin/run.js')})
  const path = join(world.home, 'drive-bob.failures.jsonl')
  expect(statSync(path).mode & 0o777).to.equal(0o600)
  const failures = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
  return {out, failures}
}

function expectHeldAndRecovered(out: string[], reason: string): void {
  expect(out.some((l) => l.startsWith(`AGORA_DRIVE state=backoff agent=bob reason=${reason} `) && l.includes(' consecutive=1 next=1s wake=held '))).to.equal(true, out.join('\n'))
  expect(out).to.include('AGORA_DRIVE state=turn agent=bob reason=held-wake')
  expect(out.some((l) => l.startsWith(`AGORA_DRIVE recovered agent=bob after=1 failed turn(s) reason=${reason}`))).to.equal(true)
  expect(out.filter((l) => l.startsWith('AGORA_DRIVE event=turn_end status=ok'))).to.have.length(1)
}

describe('drive faults', function () {
  this.timeout(60_000)
  let world: World
  beforeEach(async () => {
    world = await openWorld()
  })
  afterEach(async () => world.close())

  it('classifies a turn that hangs past its timeout (a grandchild holding its pipes) as never reaching the hub, and holds the wake', async () => {
    const {out, failures} = await driveWithFault(world, 'hang', {receptionTimeout: 6})
    expect(out.find((l) => l.includes('event=turn_end status=error'))).to.match(/stage=infrastructure reason=no-tool-calls detail=/)
    expectHeldAndRecovered(out, 'no-tool-calls')
    expect(failures[0]).to.include({agent: 'bob', harness: 'scripted', kind: 'boot', stage: 'infrastructure', reason: 'no-tool-calls'})
  })

  it('classifies a nonzero exit as a harness failure and holds the wake', async () => {
    const {out, failures} = await driveWithFault(world, 'exit-1')
    expect(out.find((l) => l.includes('event=turn_end status=error'))).to.equal('AGORA_DRIVE event=turn_end status=error agent=bob harness=scripted kind=boot stage=harness reason=nonzero-exit rc=1 detail="scripted-agent: internal error"')
    expectHeldAndRecovered(out, 'nonzero-exit')
    expect(failures[0]).to.include({stage: 'harness', reason: 'nonzero-exit', detail: 'scripted-agent: internal error'})
  })

  it('classifies a provider 429 in stderr as a provider failure and holds the wake', async () => {
    const {out, failures} = await driveWithFault(world, '429')
    expect(out.find((l) => l.includes('event=turn_end status=error'))).to.match(/stage=infrastructure reason=provider-failure rc=1 detail="429/)
    expectHeldAndRecovered(out, 'provider-failure')
    expect(failures[0]).to.include({stage: 'infrastructure', reason: 'provider-failure'})
  })

  it('classifies an MCP server that fails to start as mcp-init and holds the wake', async () => {
    const {out, failures} = await driveWithFault(world, 'mcp-down')
    expect(out.find((l) => l.includes('event=turn_end status=error'))).to.match(/stage=mcp-init reason=required-server-unavailable rc=0 /)
    expectHeldAndRecovered(out, 'required-server-unavailable')
    expect(failures[0]).to.include({stage: 'mcp-init', reason: 'required-server-unavailable'})
  })

  it('judges exit 0 with no agora tool call as a semantic failure: recorded, no backoff, the wake is not retried', async () => {
    const {out, failures} = await driveWithFault(world, 'no-tools', {maxTurns: 1})
    expect(out.find((l) => l.includes('event=turn_end status=error'))).to.match(/stage=mcp-use reason=no-agora-tool-call rc=0 /)
    expect(out.some((l) => l.includes('consecutive='))).to.equal(false)
    expect(failures[0]).to.include({stage: 'mcp-use', reason: 'no-agora-tool-call'})
  })

  it('prints a refused-permission notice and judges the failed call semantically, without backoff', async () => {
    const {out, failures} = await driveWithFault(world, 'refused', {maxTurns: 1})
    expect(out.find((l) => l.includes('warn=turn-notice'))).to.match(/^AGORA_DRIVE warn=turn-notice agent=bob harness=scripted detail="harness-refused-tool: scripted-agent: post_message refused by permission policy \(dm:alice--bob\)"$/)
    expect(out.find((l) => l.includes('event=turn_end status=error'))).to.match(/stage=mcp-call reason=post_message-failed rc=0 /)
    expect(out.some((l) => l.includes('consecutive='))).to.equal(false)
    expect(failures[0]).to.include({stage: 'mcp-call', reason: 'post_message-failed'})
  })

  it('refuses to arm when the harness binary is not on PATH, before taking the seat', async () => {
    const found = [await fixtureHarness()]
    const env = {...world.env, PATH: '/usr/bin:/bin'}
    const attempt = runDrive({maxWait: 5, debounce: 0, turnBudget: 1, workBudget: 0, receptionTimeout: 60, workTimeout: 60, sessionRotate: 25, turnLog: false, once: true}, {cwd: world.workspace, home: world.home, env, found, out: () => {}, err: () => {}, agoraScript: join(REPO, 'bin/run.js')})
    let error: unknown
    try {
      await attempt
    } catch (caught) {
      error = caught
    }
    expect(error).to.be.instanceOf(DriveRefusal)
    expect((error as Error).message).to.equal("the 'scripted' harness needs `scripted-agent` on PATH and it is not there; install it or fix PATH, then re-run (`agora harness-check scripted` explains more)")
    expect(() => statSync(join(world.home, 'drive-bob.pid'))).to.throw()
  })
})
