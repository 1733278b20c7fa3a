import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {expect} from 'chai'
import {startFakeOpenRig} from '../../../plugins/plugin-drive/test/fixtures/fake-openrig.js'
import {INSTALL_HINT, CLI_BIN, openWorld, realClisInstalled, wireLive} from './environment.js'
import {registerAsker} from './asker.js'

describe('integration/openrig-runner', function () {
  this.timeout(300_000)
  before(function () {
    if (!realClisInstalled()) {
      console.log(`      skipped: ${INSTALL_HINT}`)
      this.skip()
    }
  })

  it('runs a real codex reception turn as an OpenRig runner: launch record, READY/EXITED, and the turn\'s activity in order', async () => {
    const world = await openWorld('codex', [CLI_BIN])
    const live = await wireLive(world, 'codex')
    const rig = await startFakeOpenRig()
    try {
      const asker = await registerAsker(world)
      await asker('POST', `/dms/${world.agentId}/messages`, {status: 'open', title: 'a question', body: 'What is the answer?', asks: [{id: 'q1', text: 'What is the answer?', to: [world.agentId]}]})
      const launch = join(world.root, 'launch.json')
      const drive = await world.run(['drive', '--once', '--openrig', '--launch-id', 'launch-42', '--max-wait', '30', '--debounce', '0', '--reception-timeout', '180'], {
        ...live.env, OPENRIG_URL: rig.url, OPENRIG_ACTIVITY_HOOK_TOKEN: rig.token, OPENRIG_SESSION_NAME: 'dev-builder@my-rig', OPENRIG_NODE_ID: 'node-7',
        OPENRIG_RUNTIME: 'agora', OPENRIG_OCCUPANT_GENERATION: 'gen-3', OPENRIG_LAUNCH_RESULT: launch, OPENRIG_LAUNCH_ATTEMPT: 'attempt-1',
      })
      console.log(drive.stdout.split('\n').filter((l) => l.startsWith('[agora-runner]') || l.includes('event=openrig') || l.includes('turn_end')).map((l) => `      ${l}`).join('\n'))
      for (const post of rig.posts) console.log(`      ${JSON.stringify(post)}`)
      expect(drive.code, `${drive.stdout}\n${drive.stderr}`).to.equal(0)
      expect(JSON.parse(readFileSync(launch, 'utf8'))).to.include({format: 1, attempt: 'attempt-1', harness: 'agora', nativeRef: `agora:${world.agentId}`, launchId: 'launch-42'})
      const runnerLines = drive.stdout.split('\n').filter((l) => l.startsWith('[agora-runner]'))
      expect(runnerLines).to.deep.equal(['[agora-runner] READY', '[agora-runner] EXITED'])
      const stream = rig.posts.map((p) => `${p.hookEvent}/${p.subtype}`).filter((e) => e !== 'active/heartbeat')
      expect(stream).to.deep.equal(['UserPromptSubmit/accepted', 'PreToolUse/check_inbox', 'PreToolUse/post_message', 'Stop/turn_end', 'Stop/agora_exited'])
      expect(rig.refused).to.equal(0)
    } finally {
      await rig.close()
      await live.stub.close()
      await world.close()
    }
  })
})
