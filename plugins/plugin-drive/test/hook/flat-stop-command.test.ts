import {spawn} from 'node:child_process'

import {expect} from 'chai'

import {workspace as followupFootprint} from '../../../../harness-adapters/cursor/src/workspace.js'
import {hookCommand} from '../../../plugin-harness/src/setup/hooks-file.js'
import {AGORA_RUN} from '../helpers/cli.js'
import {askBob, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

function sh(command: string, env: NodeJS.ProcessEnv, cwd: string, input: string): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((done) => {
    const child = spawn('/bin/sh', ['-c', command], {cwd, env, stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.stdin.end(input)
    child.on('close', (code) => done({code, stdout, stderr}))
  })
}

describe('the flat-stop hook command setup writes', function () {
  this.timeout(60_000)
  let world: World
  beforeEach(async () => {
    world = await openWorld()
  })
  afterEach(async () => world.close())

  it('is accepted by agora hook Stop and answers in the followup_message shape (it once passed an unknown --cursor flag)', async () => {
    await askBob(world)
    const vars = {agora: AGORA_RUN, mcpCommand: 'agora-mcp', seatId: 'bob', url: world.hub.url, about: '', home: world.home, homeIsDefault: false}
    const command = hookCommand('Stop', followupFootprint.hooks!, vars)
    expect(command).to.include(' --format followup')
    const run = await sh(command, world.env, world.workspace, JSON.stringify({conversation_id: 'c1', status: 'completed', loop_count: 0}))
    expect(run.code, run.stderr).to.equal(0)
    expect(run.stderr).not.to.match(/Nonexistent flag|Unexpected argument/)
    const output = JSON.parse(run.stdout) as Record<string, string>
    expect(Object.keys(output)).to.deep.equal(['followup_message'])
    expect(output.followup_message).to.include('AGORA RECEPTION')
  })
})
