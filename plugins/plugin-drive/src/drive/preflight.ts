import {accessSync, constants, existsSync} from 'node:fs'
import {delimiter, dirname, isAbsolute, join, resolve} from 'node:path'

import {execa} from 'execa'

/** The absolute path of `binary` on PATH (or as given, when absolute), or null. */
export function onPath(binary: string, pathEnv = process.env.PATH ?? ''): string | null {
  const candidates = isAbsolute(binary) || binary.includes('/') ? [resolve(binary)] : pathEnv.split(delimiter).filter(Boolean).map((dir) => join(dir, binary))
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // keep looking
    }
  }
  return null
}

/** agora's MCP server for turns: the sibling of the running `agora`, else the one on PATH, else the bare name. */
export function resolveMcpCommand(agoraScript = process.argv[1] ?? ''): string {
  const dir = dirname(resolve(agoraScript))
  for (const name of ['agora-mcp', 'agora-mcp.js']) {
    const sibling = join(dir, name)
    if (existsSync(sibling)) return sibling
  }
  return onPath('agora-mcp') ?? 'agora-mcp'
}

export interface SelfCheck {
  ok: boolean
  mcpSdk: string
  detail: string
}

/** Run `agora-mcp --self-check` with the turn's bearer-free binding env; a turn without it cannot reach the hub. */
export async function mcpSelfCheck(command: string, env: Record<string, string>): Promise<SelfCheck> {
  const result = await execa(command, ['--self-check'], {env, extendEnv: false, reject: false, timeout: 20_000, stdin: 'ignore'})
  const stdout = String(result.stdout ?? '')
  let report: {status?: string; mcp_sdk?: string} = {}
  try {
    report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')
  } catch {
    // fall through to the failure below
  }
  if (result.exitCode === 0 && report.status === 'ok') return {ok: true, mcpSdk: report.mcp_sdk ?? 'unknown', detail: ''}
  const detail = (String(result.stderr ?? '') || stdout || (result as {message?: string}).message || `exit ${result.exitCode}`).trim().slice(0, 300)
  return {ok: false, mcpSdk: 'unknown', detail}
}
