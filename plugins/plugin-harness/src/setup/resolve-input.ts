import {accessSync, constants, existsSync} from 'node:fs'
import {homedir} from 'node:os'
import {delimiter, isAbsolute, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {DEFAULT_HUB_URL, normalizeUrl, readConfig, readSeatRecord} from '@agora/home'

import {SetupRefusal} from './refusal.js'

/** Agent ids as the hub accepts them (docs/protocol.md#seats): lowercase, 1–64 chars, no `--`, not reserved. */
export function validateAgentId(id: string): void {
  const ok = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/.test(id) && !id.includes('--') && id !== 'hub' && id !== 'all'
  if (!ok) {
    throw new SetupRefusal(
      `invalid agent id ${JSON.stringify(id)}: use 1–64 lowercase letters, digits, '-' or '_', starting and ending with a letter or digit, without '--' (hub and all are reserved)`,
    )
  }
}

/** plugin-harness's assets folder, found from this file in src/ or dist/. */
export function assetsDir(): string {
  return fileURLToPath(new URL('../../assets', import.meta.url))
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue
    const candidate = join(dir, name)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {}
  }
  return undefined
}

/** An executable of this CLI: its own bin script when present (the install running setup), else PATH. */
export function cliExecutable(cliRoot: string, bin: string | undefined, name: string, env: NodeJS.ProcessEnv): string {
  if (bin) {
    const own = resolve(cliRoot, bin)
    if (existsSync(own)) return own
  }
  return onPath(name, env) ?? name
}

/** `--home` > AGORA_HOME > ~/.agora, and whether that is the default (then nothing names it). */
export function resolveHomeFlag(flag: string | undefined, env: NodeJS.ProcessEnv): {home: string; isDefault: boolean} {
  const fallback = join(env.HOME || homedir(), '.agora')
  const raw = flag ?? env.AGORA_HOME ?? fallback
  const home = isAbsolute(raw) ? raw : resolve(raw)
  return {home, isDefault: home === fallback}
}

/** `--url` > AGORA_URL > config.json url > the loopback default, without a trailing slash. */
export function resolveUrl(flag: string | undefined, env: NodeJS.ProcessEnv, home: string): string {
  if (flag ?? env.AGORA_URL) return normalizeUrl((flag ?? env.AGORA_URL)!)
  try {
    return normalizeUrl(readConfig(home).url ?? DEFAULT_HUB_URL)
  } catch (error) {
    throw new SetupRefusal(`${(error as Error).message} (or pass --url)`)
  }
}

/** `--about` > this folder's seat record (same seat) > empty. */
export function resolveAbout(flag: string | undefined, workspace: string, id: string): string {
  if (flag !== undefined) return flag
  try {
    const record = readSeatRecord(workspace)
    return record && record.agent_id === id ? record.about : ''
  } catch {
    return ''
  }
}
