import {expect} from 'chai'
import {INSTALL_HINT, CLI_BIN, openWorld, realClisInstalled, wireLive} from './environment.js'
import {registerAsker} from './asker.js'
import type {WiredHarness} from '../live/wiring.js'


describe('integration/drive-real over ACP', function () {
  this.timeout(300_000)
  before(function () {
    if (!realClisInstalled()) {
      console.log(`      skipped: ${INSTALL_HINT}`)
      this.skip()
    }
  })

  for (const harness of ['claude-acp', 'codex-acp', 'gemini'] satisfies WiredHarness[]) {
    it(`drives one real ${harness} reception turn that answers an ask through the real agora-mcp, leaving the asker an answer to consume`, async () => {
      const world = await openWorld(harness, [CLI_BIN])
      const live = await wireLive(world, harness)
      try {
        const asker = await registerAsker(world)
        const ask = await asker<{id: string}>('POST', `/dms/${world.agentId}/messages`, {
          status: 'open', title: 'a question', body: 'What is the answer?', asks: [{id: 'q1', text: 'What is the answer?', to: [world.agentId]}],
        })

        const drive = await world.run(['drive', '--once', '--max-wait', '30', '--debounce', '0', '--reception-timeout', '180', ...live.flags], live.env)
        const lines = drive.stdout.split('\n').filter((l) => l.startsWith('AGORA_DRIVE'))
        expect(drive.code, `${drive.stdout}\n${drive.stderr}`).to.equal(0)
        expect(lines.find((l) => l.includes('event=turn_end'))).to.match(
          new RegExp(`^AGORA_DRIVE event=turn_end status=ok agent=${world.agentId} harness=${harness} kind=boot dur=\\d+s session=\\S+ mcp_tools=check_inbox,post_message$`),
        )
        const owed = await asker<{to_consume: Array<{id: string; answered_by: string}>}>('GET', '/owed')
        expect(owed.to_consume.map((row) => [row.id, row.answered_by])).to.deep.equal([[ask.id, world.agentId]])
        const called = live.stub.requests.filter((r) => r.reply?.kind === 'tool-call').map((r) => (r.reply as {tool: {name: string}}).tool.name)
        expect(called.map((name) => name.replace(/^.*(check_inbox|post_message)$/, '$1'))).to.deep.equal(['check_inbox', 'post_message'])
      } finally {
        await live.stub.close()
        await world.close()
      }
    })
  }
})
