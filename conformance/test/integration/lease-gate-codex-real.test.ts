import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {appendFileSync, readFileSync, realpathSync} from 'node:fs'
import {join} from 'node:path'
import {CLI_BIN, INSTALL_HINT, openWorld, realClisInstalled, wireLive, type World} from './environment.js'
import {HELD_BY_BOB, leasedRepo} from './leased-repo.js'
import {the} from '../../../test/helpers/present.js'

interface Turn { code: number; events: Array<Record<string, unknown>>; stderr: string }

/**
 * One real `codex exec` turn in the seat's workspace, with the hooks `agora setup` wrote and trusted.
 * gpt-5.5 is a catalog model whose turns offer codex's freeform apply_patch tool (the edit path the gate
 * covers); the scripted model server answers for it. The checked-turn marker is set like every turn agora spawns.
 */
function codexTurn(world: World, env: Record<string, string>, prompt: string): Promise<Turn> {
  const argv = ['exec', '--json', '--skip-git-repo-check', '-s', 'workspace-write', '-m', 'gpt-5.5', prompt]
  return new Promise((resolve) => {
    const child = execFile(join(CLI_BIN, 'codex'), argv, {cwd: world.workspace, env: {...world.env, ...env, AGORA_TURN: 'check'}, timeout: 180_000, maxBuffer: 16 * 1024 * 1024},
      (error, stdout, stderr) => {
        const events = stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>)
        resolve({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, events, stderr})
      })
    child.stdin?.end()
  })
}

/** The agent's final messages (the stub ends with `EDIT RESULT: <first line of the patch result>`). */
const messages = (turn: Turn) => turn.events.filter((e) => (e.item as {type?: string} | undefined)?.type === 'agent_message').map((e) => String((e.item as {text?: unknown}).text))

describe('integration/lease gate with real codex', function () {
  this.timeout(600_000)
  before(function () {
    if (!realClisInstalled()) {
      console.log(`      skipped: ${INSTALL_HINT}`)
      this.skip()
    }
  })

  it('refuses a real codex apply_patch on a file another seat leased, leaves it unchanged, and lets the same patch through after release', async () => {
    const world = await openWorld('codex', [CLI_BIN])
    const live = await wireLive(world, 'codex')
    try {
      const codexHome = the(live.env, 'CODEX_HOME')
      // codex reads a project's .codex/ only once the operator trusts the project; agora leaves that decision to them
      appendFileSync(join(codexHome, 'config.toml'), `\n[projects.${JSON.stringify(realpathSync(world.workspace))}]\ntrust_level = "trusted"\n`)
      // setup records its hooks as trusted in this CODEX_HOME (codex skips untrusted hooks)
      const setup = await world.run(['setup', world.agentId, '--harness', 'codex', '--url', world.hub.url], {CODEX_HOME: codexHome})
      expect(setup.code, setup.stderr).to.equal(0)
      expect(setup.stdout).to.match(/codex runs only hooks it trusts; agora's 5 hook\(s\) in \.codex\/hooks\.json are recorded as trusted/)
      const hooks = JSON.parse(readFileSync(join(world.workspace, '.codex', 'hooks.json'), 'utf8'))
      expect(hooks.hooks.PreToolUse[0].matcher).to.equal('apply_patch')
      expect(hooks.hooks.PreToolUse[0].hooks[0].command).to.match(/ hook PreToolUse --as it-codex --url \S+ (--home \S+ )?--patch-field command$/)

      const {target, release} = await leasedRepo(world)

      const refused = await codexTurn(world, live.env, `STUB-EDIT ${target} v2`)
      const said = messages(refused)
      expect(said.join('\n'), `events: ${JSON.stringify(refused.events).slice(0, 1500)}\nstderr: ${refused.stderr.slice(-800)}`).to.match(new RegExp(`AGORA LEASE — ${HELD_BY_BOB.source}`))
      expect(readFileSync(target, 'utf8'), 'the refused patch changed nothing').to.equal('v1\n')

      await release()
      const allowed = await codexTurn(world, live.env, `STUB-EDIT ${target} v2`)
      expect(messages(allowed).join('\n')).to.not.include('AGORA LEASE')
      expect(readFileSync(target, 'utf8'), JSON.stringify(allowed.events).slice(0, 1500)).to.equal('v2\n')
    } finally {
      await live.stub.close()
      await world.close()
    }
  })
})
