import {AgoraClient} from '@agora/client'
import {cacheKey} from '@agora/home'
import {execFileSync} from 'node:child_process'
import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {adminClient, tempHome} from './cli.js'
import {the} from '../../../../test/helpers/present.js'

export const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, {cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']}).trim()

/** A real repository with one commit and an origin remote, so its workspace id is `github.com/acme/app@<root>`. */
export function makeRepo(dir: string): string {
  mkdirSync(dir, {recursive: true})
  git(dir, 'init', '-q', '-b', 'main')
  git(dir, 'config', 'user.email', 'seat@example.com')
  git(dir, 'config', 'user.name', 'seat')
  writeFileSync(join(dir, 'README.md'), 'hi\n')
  git(dir, 'add', 'README.md')
  git(dir, 'commit', '-qm', 'root')
  git(dir, 'remote', 'add', 'origin', 'git@github.com:acme/app.git')
  return dir
}

/** Seats with cached keys in a fresh home, all members of `channel` (the first one owns it). */
export async function seatsInChannel(url: string, channel: string, ids: string[]): Promise<{home: string; clients: Record<string, AgoraClient>}> {
  const home = tempHome()
  const clients: Record<string, AgoraClient> = {}
  for (const id of ids) {
    const {api_key} = await adminClient(url).registerAgent({id})
    cacheKey(home, url, id, api_key)
    clients[id] = new AgoraClient({url, apiKey: api_key})
  }
  const owner = the(ids, 0)
  const rest = ids.slice(1)
  await the(clients, owner).request('POST', '/channels', {body: {name: channel, private: false}})
  for (const id of rest) await the(clients, id).request('POST', `/channels/${channel}/join`, {body: {}})
  return {home, clients}
}
