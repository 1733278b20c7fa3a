import {expect} from 'chai'

import {runAgora} from '../helpers/cli.js'
import {askBob, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

describe('agora status and agora hook in a wired folder', function () {
  this.timeout(60_000)
  let world: World
  beforeEach(async () => {
    world = await openWorld()
  })
  afterEach(async () => world.close())

  it('reports the folder seat as JSON, including the hook that just fired', async () => {
    await askBob(world)
    const env = {AGORA_HOME: world.home}
    const hook = await runAgora(['hook', 'SessionStart'], {env, cwd: world.workspace, input: JSON.stringify({session_id: 's'})})
    expect(hook.code).to.equal(0)
    const injected = JSON.parse(hook.stdout) as {hookSpecificOutput: {hookEventName: string; additionalContext: string}}
    expect(injected.hookSpecificOutput.hookEventName).to.equal('SessionStart')
    expect(injected.hookSpecificOutput.additionalContext).to.include('- ASK dm:alice--bob#')
    const status = await runAgora(['status', '--json'], {env, cwd: world.workspace})
    expect(status.code, status.stderr).to.equal(0)
    const report = JSON.parse(status.stdout)
    expect(report).to.deep.include({agent: 'bob', keyCached: true, notifyFile: true, owed: {to_answer: 1, to_consume: 0, to_close: 0}})
    expect(report.hub).to.deep.equal({url: world.hub.url, reachable: true})
    expect(report.hooks.SessionStart).to.match(/^\d{4}-\d\d-\d\dT/)
    expect(report.hooks.Stop).to.equal(null)
  })
  it('keeps agora hook silent inside a driven or checked turn while the same hook blocks outside one', async () => {
    await askBob(world)
    const payload = JSON.stringify({session_id: 's', stop_hook_active: false})
    const inTurn = await runAgora(['hook', 'Stop'], {env: {AGORA_HOME: world.home, AGORA_TURN: 'driven'}, cwd: world.workspace, input: payload})
    expect(inTurn.code).to.equal(0)
    expect(inTurn.stdout).to.equal('')
    const outside = await runAgora(['hook', 'Stop'], {env: {AGORA_HOME: world.home}, cwd: world.workspace, input: payload})
    expect(JSON.parse(outside.stdout)).to.include({decision: 'block'})
  })
})
