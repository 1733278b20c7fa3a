import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {mcpBindingEnv} from '@agora/contract'
import type {PermissionLevel, SessionSetup, TransportTurn} from '@agora/contract'

export const FAKE_AGENT = fileURLToPath(new URL('../fixtures/fake-acp-agent.mjs', import.meta.url))

/** A turn against the fake agent in `mode`, with its calls logged to a fresh file. */
export function fakeTurn(mode: string, options: {permissions?: PermissionLevel; resume?: string | null; load?: boolean; timeoutMs?: number; session?: Partial<SessionSetup>} = {}): {turn: TransportTurn; calls(): Array<{method: string; params: Record<string, unknown>}>; pid(): number} {
  const dir = mkdtempSync(join(tmpdir(), 'agora-fake-acp-'))
  const logFile = join(dir, 'calls.ndjson')
  const seat = {agentId: 'fake-seat', url: 'http://127.0.0.1:9', home: join(dir, 'home'), about: ''}
  const session: SessionSetup = {
    cwd: dir,
    mcpServers: [{name: 'agora', command: '/opt/agora/agora-mcp', args: [], env: Object.entries(mcpBindingEnv(seat)).map(([name, value]) => ({name, value}))}],
    permissions: options.permissions ?? 'write',
    resumeSessionId: options.resume ?? null,
    modeId: null,
    modelId: null,
    configOptions: [],
    ...options.session,
  }
  const env = {PATH: process.env.PATH ?? '', FAKE_ACP_MODE: mode, FAKE_ACP_LOG: logFile, FAKE_ACP_LOAD: options.load ? '1' : '0'}
  const logged = (): Array<{method: string; params: Record<string, unknown>}> => {
    try {
      return readFileSync(logFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as {method: string; params: Record<string, unknown>})
    } catch {
      return []
    }
  }
  return {
    turn: {argv: [process.execPath, FAKE_AGENT], env, cwd: dir, timeoutMs: options.timeoutMs ?? 15_000, prompt: 'call whoami', session},
    calls: () => logged().filter((c) => c.method !== 'started'),
    pid: () => Number(logged().find((c) => c.method === 'started')?.params.pid ?? 0),
  }
}

/** The record's objects, one per stdout line. */
export const recordOf = (stdout: string): Array<Record<string, unknown>> => stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>)

