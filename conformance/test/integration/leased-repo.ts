import {AgoraClient} from '@agora/client'
import {findWorkspace, lookupKey} from '@agora/home'
import {execFileSync} from 'node:child_process'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import type {World} from './environment.js'

/** What the lease gate tells an agent refused on `src/api/users.ts` while bob holds `src/api/**`. */
export const HELD_BY_BOB = /`src\/api\/\*\*` is held by bob until \d\d:\d\d UTC; ask in #build or work elsewhere/

export interface LeasedRepo {
  /** `src/api/users.ts` in the world's workspace, committed with the content `v1\n`. */
  target: string
  /** The repository identity the lease is keyed by. */
  workspace: string
  /** Bob lets go of the lease (the write should then go through). */
  release(): Promise<void>
}

/**
 * The scene of the real-harness lease tests: the seat's workspace becomes a git repository with one
 * committed file, a second seat (bob) opens #build, the world's seat joins it, and bob leases
 * `src/api/**` exclusively ("auth refactor").
 */
export async function leasedRepo(world: World): Promise<LeasedRepo> {
  const git = (...args: string[]) => execFileSync('git', args, {cwd: world.workspace, encoding: 'utf8'})
  git('init', '-q', '-b', 'main')
  mkdirSync(join(world.workspace, 'src', 'api'), {recursive: true})
  const target = join(world.workspace, 'src', 'api', 'users.ts')
  writeFileSync(target, 'v1\n')
  git('add', 'src/api/users.ts')
  git('-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-qm', 'root')

  const admin = new AgoraClient({url: world.hub.url, adminKey: world.env.AGORA_ADMIN_KEY})
  const bob = admin.withApiKey((await admin.registerAgent({id: 'bob'})).api_key)
  await bob.createChannel('build', {private: false})
  await admin.withApiKey(lookupKey(world.home, world.hub.url, world.agentId)!).joinChannel('build')
  const workspace = findWorkspace(world.workspace)!.id
  await bob.leaseTake('build', {workspace, paths: ['src/api/**'], note: 'auth refactor'})
  return {target, workspace, release: async () => { await bob.leaseRelease(workspace) }}
}
