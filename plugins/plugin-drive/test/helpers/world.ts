import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {createHub} from '@agora/hub'
import type {Hub} from '@agora/hub'
import {cacheKey, writeSeatRecord} from '@agora/home'
import type {DiscoveredHarness, HarnessDeclaration} from '@agora/contract'

export const FIXTURE = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/harness-scripted')
export const FIXTURE_BIN = join(FIXTURE, 'bin')
export const ADMIN = 'drive-tests-admin-key-0123456789abcdef'

/** A seat-level caller with its bearer. */
export class Seat {
  constructor(readonly url: string, readonly id: string, readonly key: string) {}
  async call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(this.url + path, {method, headers: {authorization: `Bearer ${this.key}`, 'content-type': 'application/json', 'x-agora-client': 'drive-tests', ...headers}, body: body === undefined ? undefined : JSON.stringify(body)})
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`)
    return JSON.parse(text) as T
  }
}

/** A real hub (notify files in the seat's home), seats alice and bob with bob's key cached, and bob's workspace wired for the scripted harness. */
export interface World {
  hub: Hub
  root: string
  home: string
  workspace: string
  alice: Seat
  bob: Seat
  env: NodeJS.ProcessEnv
  close(): Promise<void>
}

export async function openWorld(options: {notify?: boolean; ratePerMinute?: number; now?: () => number} = {}): Promise<World> {
  const root = mkdtempSync(join(tmpdir(), 'agora-drive-world-'))
  const home = join(root, 'home')
  const workspace = join(root, 'workspace')
  mkdirSync(home, {recursive: true, mode: 0o700})
  mkdirSync(workspace, {recursive: true})
  const hub = await createHub({db: ':memory:', port: 0, adminKey: ADMIN, notifyDir: options.notify === false ? null : home, ratePerMinute: options.ratePerMinute ?? 60,
    ...(options.now ? {now: options.now} : {})})
  const register = async (id: string): Promise<Seat> => {
    const res = await fetch(`${hub.url}/agents`, {method: 'POST', headers: {authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json'}, body: JSON.stringify({id, about: `${id} seat`})})
    const body = (await res.json()) as {api_key: string}
    if (!res.ok) throw new Error(`register ${id}: ${JSON.stringify(body)}`)
    return new Seat(hub.url, id, body.api_key)
  }
  const alice = await register('alice')
  const bob = await register('bob')
  cacheKey(home, hub.url, 'bob', bob.key)
  writeSeatRecord(workspace, {agent_id: 'bob', url: hub.url, about: 'bob seat', harnesses: ['scripted'], default_drive_harness: 'scripted'})
  writeFileSync(join(workspace, 'AGENTS.md'), '# Workspace rules\n\nBe brief.\n')
  const env: NodeJS.ProcessEnv = {...process.env, PATH: `${FIXTURE_BIN}:${process.env.PATH}`, AGORA_HOME: home}
  for (const name of Object.keys(env)) if (name.startsWith('AGORA_') && name !== 'AGORA_HOME') delete env[name]
  return {
    hub, root, home, workspace, alice, bob, env,
    close: async () => {
      await hub.close()
      rmSync(root, {recursive: true, force: true})
    },
  }
}

/** The fixture plugin as discovery would report it. */
export async function fixtureHarness(): Promise<DiscoveredHarness> {
  const {scripted} = (await import(join(FIXTURE, 'hooks/harness.js'))) as {scripted: HarnessDeclaration}
  const plugin = {name: '@agora-fixtures/harness-scripted', version: '1.0.0', type: 'link', root: FIXTURE}
  return {name: 'scripted', plugin, declaration: scripted, contract: null, valid: true, problems: [], shadowedBy: null, active: true}
}

/** Alice asks bob one question in their DM, addressed to him. */
export async function askBob(world: World, text = 'What is the answer?'): Promise<{id: string; channel: string; seq: number}> {
  return world.alice.call('POST', '/dms/bob/messages', {status: 'open', title: 'a question for bob', body: text, asks: [{id: 'q1', text, to: ['bob']}]})
}
