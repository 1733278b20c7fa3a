import type {Probe, ProbeOutcome} from '../types.js'
import {scrubAgoraEnv} from '../env.js'

interface SelfCheck {
  component?: unknown
  status?: unknown
  agora?: unknown
  mcp_sdk?: unknown
  detail?: unknown
}

/** agora's own half: `agora-mcp --self-check` reports healthy, at this agora's version. */
export const c3AgoraRuntime: Probe = {
  id: 'C3',
  capability: 'agora-runtime',
  needs: [],
  kind: 'structural',
  async run(ctx) {
    const argv = [ctx.mcp.command, ...ctx.mcp.args, '--self-check']
    const run = await ctx.ports.spawn({argv, cwd: ctx.workspace, env: scrubAgoraEnv(ctx.env), timeoutMs: ctx.timeouts.selfCheckMs})
    const fail = (reason: string, detail: string, action: string): ProbeOutcome => ({
      status: 'FAIL',
      detail: `stage: mcp-runtime command=${ctx.mcp.command} reason=${reason} detail=${detail} action=${action}`,
      details: {reason},
    })
    const reinstall = 'reinstall agora so agora-mcp sits beside the agora executable'
    if (run.error !== null) {
      const missing = /ENOENT/.test(run.error)
      return fail(missing ? 'command-not-found' : 'spawn-failed', run.error, reinstall)
    }
    if (run.timedOut) return fail('self-check-timeout', `no answer within ${Math.round(ctx.timeouts.selfCheckMs / 1000)}s`, reinstall)
    const report = findSelfCheck(run.stdout)
    if (report === null) {
      const said = (run.stderr.trim().split('\n').at(-1) ?? '').slice(0, 200)
      return fail('invalid-self-check', `rc=${run.exitCode}, no agora-mcp self-check line on stdout${said ? ` (stderr: ${said})` : ''}`, reinstall)
    }
    if (report.status !== 'ok') return fail('runtime-incompatible', String(report.detail ?? report.status), reinstall)
    if (report.agora !== ctx.agoraVersion) {
      return fail('runtime-version-mismatch', `agora-mcp is ${String(report.agora)}, this agora is ${ctx.agoraVersion}`, 'install matching versions of agora and agora-mcp')
    }
    return {
      status: 'PASS',
      detail: `agora-mcp ${String(report.agora)}, mcp-sdk ${String(report.mcp_sdk)}`,
      details: {agora: report.agora, mcpSdk: report.mcp_sdk},
    }
  },
}

function findSelfCheck(stdout: string): SelfCheck | null {
  for (const line of stdout.split('\n')) {
    const trimmed = line.trim()
    if (!trimmed.startsWith('{')) continue
    try {
      const value = JSON.parse(trimmed) as SelfCheck
      if (value && value.component === 'agora-mcp') return value
    } catch {
      // a non-JSON line that happens to start with a brace
    }
  }
  return null
}
