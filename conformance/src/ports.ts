import {constants} from 'node:fs'
import {access, chmod, mkdir, readFile, stat, writeFile} from 'node:fs/promises'
import {delimiter, dirname, join} from 'node:path'
import {execa} from 'execa'
import {turnTransport} from '@agora/transport'
import type {HubPort, Ports, SpawnRequest, SpawnResult} from './types.js'

const MAX_FILE = 1024 * 1024

/** PATH lookup in the given environment (not this process's), like `which`. */
export async function whichIn(binary: string, env: Record<string, string | undefined>): Promise<string | null> {
  const candidates = binary.includes('/') ? [binary] : (env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, binary))
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK)
      if ((await stat(candidate)).isFile()) return candidate
    } catch {
      // not here
    }
  }
  return null
}

/**
 * Runs a child in its own process group with stdin closed, and kills the whole group on timeout
 * and once the child exits (a framework's MCP children must not outlive the turn or hold its pipes).
 */
export async function spawnInGroup(request: SpawnRequest): Promise<SpawnResult> {
  const started = Date.now()
  const [file, ...args] = request.argv
  if (file === undefined) throw new Error('spawnInGroup needs a command: argv is empty')
  const child = execa(file, args, {
    cwd: request.cwd, env: request.env, extendEnv: false, stdin: 'ignore', detached: true,
    reject: false, stripFinalNewline: false, maxBuffer: 64 * 1024 * 1024,
  })
  let timedOut = false
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return
    try {
      process.kill(-child.pid, signal)
    } catch {
      // the group is gone
    }
  }
  const timer = setTimeout(() => {
    timedOut = true
    killGroup('SIGKILL')
  }, request.timeoutMs)
  child.once('exit', () => setTimeout(() => killGroup('SIGKILL'), 200).unref())
  const result = await child
  clearTimeout(timer)
  const spawnFailed = result.failed && result.exitCode === undefined && !timedOut && result.signal === undefined
  return {
    exitCode: result.exitCode ?? null,
    stdout: String(result.stdout ?? ''),
    stderr: String(result.stderr ?? ''),
    timedOut,
    durationMs: Date.now() - started,
    error: spawnFailed ? (result.cause instanceof Error ? result.cause.message : (result.shortMessage ?? "the process could not start")) : null,
  }
}

export async function readSmallFile(path: string): Promise<string | null> {
  try {
    const info = await stat(path)
    if (!info.isFile() || info.size > MAX_FILE) return null
    return await readFile(path, 'utf8')
  } catch {
    return null
  }
}

export async function writePrivateFile(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), {recursive: true, mode: 0o700})
  await writeFile(path, content, {mode: 0o600})
  await chmod(path, 0o600)
}

export interface PresenceCredential {
  label: string
  key: string
}

/**
 * The hub's presence record (`GET /presence/{a}`), read with a credential that is not the seat's
 * own: reading it with the seat's key would itself advance it. Candidates are tried in order (the
 * admin key, then other seats this home holds keys for — an operator sees everyone, a co-member its
 * channel mates); the first the hub answers is kept, so before and after come from the same viewer.
 */
export function presenceReader(url: string, credentials: PresenceCredential | PresenceCredential[] | null, fetchImpl: typeof fetch = fetch): HubPort {
  const candidates = credentials === null ? [] : Array.isArray(credentials) ? credentials : [credentials]
  let chosen: PresenceCredential | null = null
  const read = async (credential: PresenceCredential, agentId: string): Promise<number> => {
    try {
      const res = await fetchImpl(`${url}/presence/${encodeURIComponent(agentId)}`, {
        headers: {authorization: `Bearer ${credential.key}`},
        signal: AbortSignal.timeout(5000),
      })
      if (!res.ok) return -1
      const body = (await res.json()) as {updated_at?: unknown}
      return typeof body.updated_at === 'number' ? body.updated_at : -1
    } catch {
      return -1
    }
  }
  return {
    async unreachable() {
      try {
        const res = await fetchImpl(`${url}/healthz`, {signal: AbortSignal.timeout(5000)})
        const body = (await res.json().catch(() => null)) as {ok?: unknown} | null
        return res.ok && body?.ok === true ? null : `GET /healthz answered ${res.status}`
      } catch (error) {
        const cause = (error as {cause?: {code?: string; message?: string}}).cause
        return cause?.code ?? cause?.message ?? (error as Error).message
      }
    },
    get reader() {
      if (chosen) return chosen.label
      return candidates.length === 0 ? null : candidates.map((c) => c.label).join(' or ')
    },
    async presenceUpdatedAt(agentId: string): Promise<number> {
      if (chosen) return read(chosen, agentId)
      for (const candidate of candidates) {
        const at = await read(candidate, agentId)
        if (at >= 0) {
          chosen = candidate
          return at
        }
      }
      return -1
    },
  }
}

/** Keys this home caches for seats at the (normalized) `url` other than `agentId`: presence readers that leave the seat's own record alone. */
export async function otherSeatCredentials(keysFile: string, url: string, agentId: string): Promise<PresenceCredential[]> {
  const text = await readSmallFile(keysFile)
  if (text === null) return []
  let keys: Record<string, unknown>
  try {
    keys = JSON.parse(text) as Record<string, unknown>
  } catch {
    return []
  }
  const prefix = `${url}::`
  return Object.entries(keys)
    .filter(([entry, key]) => entry.startsWith(prefix) && entry !== prefix + agentId && typeof key === 'string' && key.trim() !== '')
    .map(([entry, key]) => ({label: `seat ${entry.slice(prefix.length)}'s key`, key: (key as string).trim()}))
}

/** The real ports, bound to the operator environment (PATH lookups use it). */
export function realPorts(env: Record<string, string | undefined>, hub: HubPort): Ports {
  return {
    which: (binary) => whichIn(binary, env),
    spawn: spawnInGroup,
    readFile: readSmallFile,
    writeFile: writePrivateFile,
    now: () => Date.now(),
    hub,
    transport: turnTransport,
  }
}
