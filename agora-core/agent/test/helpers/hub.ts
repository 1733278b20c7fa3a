import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {AgoraClient} from '@agora/client'
import {createHub} from '@agora/hub'

import type {AgentLogEntry} from '../../src/log.js'
import type {RunAgentOptions} from '../../src/options.js'
import {runAgent} from '../../src/run-agent.js'
import type {AgentRunner} from '../../src/runner.js'

export const ADMIN_KEY = 'agent-test-admin-0123456789abcdef'

export type RunningHub = Awaited<ReturnType<typeof createHub>>

/** A real hub on 127.0.0.1:0 over in-memory SQLite; a generous posting budget unless a test sets one. */
export async function startHub(options: {ratePerMinute?: number} = {}): Promise<RunningHub> {
  return createHub({adminKey: ADMIN_KEY, db: ':memory:', host: '127.0.0.1', notifyDir: null, port: 0, ratePerMinute: 60_000, voteSweepMs: 3_600_000, ...options})
}

/** Register a seat and return a client speaking as it. */
export async function seat(url: string, id: string): Promise<AgoraClient> {
  const {api_key} = await new AgoraClient({adminKey: ADMIN_KEY, url}).registerAgent({id})
  return new AgoraClient({apiKey: api_key, url})
}

export function tempDir(prefix = 'agora-agent-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** A runner for a test: explicit client, no signal handlers, cursor file in a temp dir, every log entry kept. */
export async function startRunner(
  client: AgoraClient, id: string, handler: RunAgentOptions['handler'], options: Partial<RunAgentOptions> = {},
): Promise<{runner: AgentRunner; logs: AgentLogEntry[]; cursorFile: string}> {
  const logs: AgentLogEntry[] = []
  const cursorFile = options.cursorFile ?? join(tempDir(), `agent-${id}-cursor.json`)
  const runner = await runAgent({
    url: client.url, seat: id, client, handler, stopOn: [], reconnect: {initialMs: 20, maxMs: 200},
    logger: (entry) => logs.push(entry), ...options, cursorFile,
  })
  return {runner, logs, cursorFile}
}

/** Poll a condition without asserting on time: resolves when true, rejects after `tries`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`gave up waiting for ${what}`)
}
