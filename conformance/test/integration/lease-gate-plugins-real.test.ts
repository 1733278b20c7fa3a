import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {RUN} from '../cli.js'
import {CLI_BIN, INSTALL_HINT, openWorld, realClisInstalled, wireLive, type World} from './environment.js'
import {HELD_BY_BOB, leasedRepo} from './leased-repo.js'
import {the} from '../../../test/helpers/present.js'

const AGORA_MCP = fileURLToPath(new URL('../../../bin/agora-mcp.js', import.meta.url))

interface Turn { code: number; stdout: string; stderr: string }

/** One real headless turn of `harness` in the seat's workspace, carrying the checked-turn marker like every turn agora spawns. */
function realTurn(world: World, harness: 'opencode' | 'pi', wiring: Record<string, string>, prompt: string): Promise<Turn> {
  const argv = harness === 'opencode'
    ? [join(CLI_BIN, 'opencode'), 'run', '--format', 'json', '--model', 'fake/fake-model', prompt]
    // what `agora drive --harness pi` runs, with the extension setup wrote (the same bridge the package ships)
    : [join(CLI_BIN, 'pi'), '-p', '--mode', 'json', '--no-extensions', '-e', join(world.workspace, '.pi', 'extensions', 'agora.js'), '--provider', 'fake', '--model', 'fake-model', prompt]
  const env = {
    ...world.env, ...wiring, AGORA_TURN: 'check', AGORA_AGENT_ID: world.agentId, AGORA_CLI: RUN, AGORA_MCP_COMMAND: AGORA_MCP,
    PI_CODING_AGENT_DIR: join(world.home, 'harness-check', 'pi'), PI_SKIP_VERSION_CHECK: '1',
  }
  return new Promise((resolve) => {
    const child = execFile(the(argv, 0), argv.slice(1), {cwd: world.workspace, env, timeout: 240_000, maxBuffer: 16 * 1024 * 1024}, (error, stdout, stderr) => {
      resolve({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr})
    })
    child.stdin?.end()
  })
}

for (const harness of ['opencode', 'pi'] as const) {
  describe(`integration/lease gate with real ${harness}`, function () {
    this.timeout(900_000)
    before(function () {
      if (!realClisInstalled()) {
        console.log(`      skipped: ${INSTALL_HINT}`)
        this.skip()
      }
    })

    it(`refuses a real ${harness} write on a file another seat leased, leaves it unchanged, and lets the same write through after release`, async () => {
      const world = await openWorld(harness, [CLI_BIN])
      const live = await wireLive(world, harness)
      try {
        const {target, release} = await leasedRepo(world)

        const refused = await realTurn(world, harness, live.env, `STUB-EDIT ${target} v2 please`)
        const seen = `exit ${refused.code}\nstdout: ${refused.stdout.slice(-2500)}\nstderr: ${refused.stderr.slice(-1500)}`
        expect(refused.stdout, seen).to.match(HELD_BY_BOB)
        expect(readFileSync(target, 'utf8'), 'the refused write changed nothing').to.equal('v1\n')

        await release()
        const allowed = await realTurn(world, harness, live.env, `STUB-EDIT ${target} v2 please`)
        expect(allowed.stdout).not.to.include('AGORA LEASE')
        expect(readFileSync(target, 'utf8'), `${allowed.stdout.slice(-2500)}\n${allowed.stderr.slice(-1000)}`).to.equal('v2\n')
      } finally {
        await live.stub.close()
        await world.close()
      }
    })
  })
}
