import {expect} from 'chai'
import {INSTALL_HINT, CLI_BIN, openWorld, realClisInstalled, wireLive} from './environment.js'
import {runOnce, serveOrca} from './serve-orca.js'
import type {WiredHarness} from '../live/wiring.js'

describe('integration/orca-serve-answer (the served result is the model\'s own words)', function () {
  this.timeout(300_000)
  before(function () {
    if (!realClisInstalled()) {
      console.log(`      skipped: ${INSTALL_HINT}`)
      this.skip()
    }
  })

  for (const harness of ['codex', 'opencode', 'claude', 'claude-acp'] satisfies WiredHarness[]) {
    it(`answers a /run through a real ${harness} seat with the scripted model's final reply as the result`, async () => {
      const world = await openWorld(harness, [CLI_BIN])
      const live = await wireLive(world, harness)
      const served = await serveOrca({...world.env, ...live.env}, world.workspace, world.agentId, live.flags)
      try {
        const events = await runOnce(served.url, 'Who are you on agora?')
        console.log(events.map((e) => `      ${JSON.stringify({...e, ts: undefined})}`).join('\n'))
        const finals = live.stub.requests.map((r) => r.reply).filter((reply) => reply?.kind === 'final' || reply?.kind === 'text')
        expect(finals.length, served.output()).to.be.greaterThan(0)
        const scripted = (finals.at(-1) as {text: string}).text
        expect(scripted, 'the stub answered after a real whoami call').to.match(/^FINAL: /)
        const terminal = events.at(-1)!
        expect(terminal, JSON.stringify(events)).to.include({type: 'result', message: scripted})
        expect(events.filter((e) => e.type === 'result' || e.type === 'error')).to.have.length(1)
        expect(events.some((e) => e.type === 'tool_call' && e.toolName === 'mcp__agora__whoami')).to.equal(true)
      } finally {
        served.child.kill('SIGTERM')
        await live.stub.close()
        await world.close()
      }
    })
  }
})
