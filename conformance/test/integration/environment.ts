import {existsSync, mkdirSync, mkdtempSync, rmSync} from 'node:fs'
import {homedir, tmpdir} from 'node:os'
import {join} from 'node:path'
import {createHub, type Hub} from '@agora/hub'
import {startModelStub, type ModelStub} from '@agora/model-stub'
import {agora, type CliResult} from '../cli.js'
import {wireHarness, type WiredHarness} from '../live/wiring.js'

/** Where install-real-clis.sh put the real CLIs; the integration suite skips without it. */
export const CLI_BIN = join(process.env.AGORA_CLI_CACHE ?? join(homedir(), '.cache', 'agora-clis'), 'node_modules', '.bin')
export const INSTALL_HINT = `real agent CLIs not installed at ${CLI_BIN}: run conformance/scripts/install-real-clis.sh`

export function realClisInstalled(): boolean {
  return existsSync(CLI_BIN)
}

/** One throwaway world: a real hub, an AGORA_HOME whose keys.json holds the seat's key, a workspace. */
export interface World {
  hub: Hub
  root: string
  home: string
  workspace: string
  agentId: string
  env: Record<string, string>
  run(args: string[], extraEnv?: Record<string, string>): Promise<CliResult>
  close(): Promise<void>
}

const ADMIN_KEY = 'integration-admin-key-0123456789abcdef'

/** A hub on port 0, the seat registered through `agora register`, and `agora setup` run for `harness`. */
export async function openWorld(harness: string, pathPrefix: string[] = [], setupFlags: string[] = []): Promise<World> {
  const hub = await createHub({db: ':memory:', port: 0, adminKey: ADMIN_KEY})
  const root = mkdtempSync(join(tmpdir(), `agora-it-${harness}-`))
  const home = join(root, 'agora-home')
  const workspace = join(root, 'workspace')
  const agentId = `it-${harness.replace(/[^a-z0-9-]/g, '')}`
  mkdirSync(workspace, {recursive: true})
  const env: Record<string, string> = {
    PATH: [...pathPrefix, process.env.PATH ?? ''].join(':'),
    HOME: join(root, 'home'),
    AGORA_HOME: home,
    AGORA_URL: hub.url,
    AGORA_ADMIN_KEY: ADMIN_KEY,
    AGORA_DATA_DIR: join(root, 'oclif-data'),
  }
  const run = (args: string[], extraEnv: Record<string, string> = {}) => agora(args, {...env, ...extraEnv}, workspace)
  const registered = await run(['register', agentId, '--url', hub.url])
  if (registered.code !== 0) throw new Error(`agora register failed: ${registered.stderr || registered.stdout}`)
  const setup = await run(['setup', agentId, '--harness', harness, '--url', hub.url, ...setupFlags])
  if (setup.code !== 0) throw new Error(`agora setup failed: ${setup.stderr || setup.stdout}`)
  return {
    hub, root, home, workspace, agentId, env, run,
    close: async () => {
      await hub.close()
      rmSync(root, {recursive: true, force: true})
    },
  }
}

/** The stub plus the test-only wiring env and flags that point `harness`'s real CLI at it. */
export async function wireLive(world: World, harness: WiredHarness): Promise<{stub: ModelStub; env: Record<string, string>; flags: string[]}> {
  const stub = await startModelStub()
  const wiring = wireHarness(harness, {stubUrl: stub.url, dir: join(world.root, 'wiring'), agoraHome: world.home, agentId: world.agentId, workspace: world.workspace})
  return {stub, env: wiring.env, flags: wiring.flags}
}
