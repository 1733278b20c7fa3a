import {mkdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {expect} from 'chai'
import {agora} from '../cli.js'
import {serveOrca} from './serve-orca.js'
import {INSTALL_HINT, CLI_BIN, openWorld, realClisInstalled, wireLive} from './environment.js'
import {registerAsker} from './asker.js'

describe('integration/orca-round-trip', function () {
  this.timeout(600_000)
  before(function () {
    if (!realClisInstalled()) {
      console.log(`      skipped: ${INSTALL_HINT}`)
      this.skip()
    }
  })

  it('serves a real codex seat as an Orca worker, passes orca-check, and answers an ask through both hops when driven back through the orca harness', async () => {
    const world = await openWorld('codex', [CLI_BIN])
    const live = await wireLive(world, 'codex')
    const env = {...world.env, ...live.env}
    const served = await serveOrca(env, world.workspace, world.agentId)
    try {
      const check = await agora(['orca-check', served.url, '--run-timeout', '180'], {...env, NO_COLOR: '1'}, world.workspace)
      console.log(check.stdout.split('\n').map((l) => `      ${l}`).join('\n'))
      expect(check.code, `${check.stdout}\n${check.stderr}\n${served.output()}`).to.equal(0)
      expect(check.stdout).to.include('15 pass, 0 fail')

      // The same seat, driven from a second folder through the orca (http) harness pointed at the served worker.
      const front = join(world.root, 'front')
      mkdirSync(front)
      const frontEnv = {...env, AGORA_ORCA_URL: served.url}
      const wired = await agora(['setup', world.agentId, '--harness', 'orca', '--url', world.hub.url], frontEnv, front)
      expect(wired.code, wired.stderr || wired.stdout).to.equal(0)
      const asker = await registerAsker(world)
      const ask = await asker<{id: string}>('POST', `/dms/${world.agentId}/messages`, {
        status: 'open', title: 'a question', body: 'What is the answer?', asks: [{id: 'q1', text: 'What is the answer?', to: [world.agentId]}],
      })
      const drive = await agora(['drive', '--once', '--harness', 'orca', '--max-wait', '30', '--debounce', '0', '--reception-timeout', '240', '--turn-log-path', join(world.root, 'turns.jsonl')], frontEnv, front)
      if (drive.code !== 0) console.log(readFileSync(join(world.root, 'turns.jsonl'), 'utf8'))
      const lines = drive.stdout.split('\n').filter((l) => l.startsWith('AGORA_DRIVE'))
      console.log(lines.map((l) => `      ${l}`).join('\n'))
      expect(drive.code, `${drive.stdout}\n${drive.stderr}\n${served.output()}`).to.equal(0)
      expect(lines.find((l) => l.includes('event=turn_end'))).to.match(new RegExp(`^AGORA_DRIVE event=turn_end status=ok agent=${world.agentId} harness=orca kind=boot .*mcp_tools=check_inbox,post_message$`))
      const owed = await asker<{to_consume: Array<{id: string; answered_by: string}>}>('GET', '/owed')
      expect(owed.to_consume.map((row) => [row.id, row.answered_by])).to.deep.equal([[ask.id, world.agentId]])
    } finally {
      served.child.kill('SIGTERM')
      await live.stub.close()
      await world.close()
    }
  })
})
