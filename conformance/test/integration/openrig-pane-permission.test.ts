import {spawn} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import {expect} from 'chai'
import {startFakeOpenRig} from '../../../plugins/plugin-drive/test/fixtures/fake-openrig.js'
import {RUN} from '../cli.js'
import {INSTALL_HINT, CLI_BIN, openWorld, realClisInstalled, wireLive} from './environment.js'

describe('integration/openrig-pane-permission', function () {
  this.timeout(400_000)
  before(function () {
    if (!realClisInstalled()) {
      console.log(`      skipped: ${INSTALL_HINT}`)
      this.skip()
    }
  })

  it('runs a pane message through a real claude-acp seat at --permissions read: the Write request is refused at once, posted as Notification/permission_prompt and held as needs_input', async () => {
    const world = await openWorld('claude-acp', [CLI_BIN])
    const live = await wireLive(world, 'claude-acp')
    const rig = await startFakeOpenRig()
    const target = join(world.workspace, 'notes.txt')
    writeFileSync(target, 'v1\n')
    const child = spawn(process.execPath, [RUN, 'drive', '--openrig', '--launch-id', 'launch-7', '--permissions', 'read', '--max-wait', '600', '--debounce', '0', '--reception-timeout', '240', ...live.flags], {
      cwd: world.workspace, stdio: ['pipe', 'pipe', 'pipe'],
      env: {...world.env, ...live.env, OPENRIG_URL: rig.url, OPENRIG_ACTIVITY_HOOK_TOKEN: rig.token, OPENRIG_SESSION_NAME: 'dev-builder@my-rig', OPENRIG_NODE_ID: 'node-7',
        OPENRIG_RUNTIME: 'agora', OPENRIG_OCCUPANT_GENERATION: 'gen-3'},
    })
    const lines: string[] = []
    let stderr = ''
    child.stderr.on('data', (c) => { stderr += c })
    const waitFor = (test: (line: string) => boolean) => new Promise<void>((resolve, reject) => {
      if (lines.some(test)) return resolve()
      const reader = createInterface({input: child.stdout})
      reader.on('line', (line) => { if (test(line)) { reader.close(); resolve() } })
      child.once('exit', (code) => reject(new Error(`agora drive exited ${code}:\n${lines.join('\n')}\n${stderr}`)))
    })
    createInterface({input: child.stdout}).on('line', (line) => lines.push(line))
    try {
      await waitFor((l) => l === '[agora-runner] READY')
      child.stdin.write(`STUB-EDIT ${target} v2\n`)
      await waitFor((l) => l.startsWith('[agora-runner] turn '))
      await new Promise((r) => setTimeout(r, 500))
      expect(lines.filter((l) => l.startsWith('[agora-runner] turn '))).to.deep.equal(['[agora-runner] turn ended ok (no agora tool used)'])
      const held = rig.states.at(-1)
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      console.log(lines.filter((l) => l.startsWith('[agora-runner]') || l.startsWith('you ▸') || l.startsWith('agent ▸') || l.includes('event=turn_end')).map((l) => `      ${l}`).join('\n'))
      for (const post of rig.posts) console.log(`      ${JSON.stringify(post)}`)
      const stream = rig.posts.map((p) => `${p.hookEvent}/${p.subtype}`).filter((e) => e !== 'active/heartbeat')
      expect(stream[0]).to.equal('UserPromptSubmit/accepted')
      expect(stream, 'no Stop while the permission attention is held').to.not.include('Stop/turn_end')
      expect(stream.filter((e) => e === 'Notification/permission_prompt')).to.have.length(1)
      expect(stream.at(-1)).to.equal('Stop/agora_exited')
      expect(held).to.equal('needs_input')
      expect(lines.some((l) => /^\[agora-runner\] permission refused: .*\(kind \w+\) answered reject_once; the seat reads needs input until the next prompt$/.test(l)), lines.join('\n')).to.equal(true)
      expect(readFileSync(target, 'utf8'), 'the refused write changed nothing').to.equal('v1\n')
      const replies = live.stub.requests.map((r) => r.reply)
      const texts = replies.map((reply) => (reply && 'text' in reply ? reply.text : reply?.kind === 'tool-call' ? `call ${reply.tool.name}` : String(reply)))
      // the model asked to write; Claude Code ends its turn on a rejected tool, so no model call follows the refusal
      expect(texts.at(-1), `replies: ${JSON.stringify(texts)}`).to.equal('call Write')
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
      await rig.close()
      await live.stub.close()
      await world.close()
    }
  })
})
