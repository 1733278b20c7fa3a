import {transportOf} from '@agora/contract'
import type {Probe} from '../types.js'
import {scrubAgoraEnv, seconds} from '../env.js'
import {buildSurface} from '../surface.js'
import {declarationOf} from './declaration-of.js'

/**
 * A run ends on its own without an LLM call, within the timeout (20 s). argv: the probe argv
 * terminates with stdin closed, any exit code. acp: `initialize` is answered, then the agent exits
 * when its stdin closes; what it advertised is kept for C7.
 */
export const c2SingleTurn: Probe = {
  id: 'C2',
  capability: 'single-turn',
  needs: ['C0', 'C1'],
  kind: 'structural',
  async run(ctx, earlier) {
    const decl = declarationOf(ctx)
    if (decl.unmet.includes('single-turn')) {
      return {status: 'FAIL', detail: 'declared unmet: the harness has no non-interactive turn that terminates'}
    }
    const path = (earlier.get('C1')?.details?.path as string | undefined) ?? decl.binary
    const transport = transportOf(decl)
    const env = scrubAgoraEnv(ctx.env)
    if (transport === 'argv') {
      const argv = [path, ...decl.probeArgv]
      const run = await ctx.ports.transport(transport).probe({argv, cwd: ctx.workspace, env, timeoutMs: ctx.timeouts.probeMs})
      const shown = [decl.binary, ...decl.probeArgv].join(' ')
      if (run.timedOut) {
        return {
          status: 'FAIL',
          detail: `\`${shown}\` did not terminate within ${Math.round(ctx.timeouts.probeMs / 1000)}s with stdin closed — a driven turn must end on its own`,
        }
      }
      if (run.spawnError !== null) return {status: 'FAIL', detail: `\`${shown}\` could not run: ${run.spawnError}`}
      return {
        status: 'PASS',
        detail: `terminates with stdin closed (rc=${run.exitCode} in ${seconds(run.durationMs)})`,
        details: {exitCode: run.exitCode, durationMs: run.durationMs},
      }
    }
    const built = (await buildSurface(ctx, decl, {})).built
    const argv = [path, ...built.argv.slice(1)]
    const probe = await ctx.ports.transport(transport).probe({argv, cwd: ctx.workspace, env: {...env, ...built.env}, timeoutMs: ctx.timeouts.probeMs})
    const shown = built.argv.join(' ')
    if (!probe.ended) return {status: 'FAIL', detail: `\`${shown}\` over ${transport}: ${probe.problem ?? 'did not end'}`, details: {...probe.facts}}
    if (transport === 'http') {
      return {status: 'PASS', detail: `/health answered (${String(probe.facts.protocol ?? 'no protocol named')}); a malformed /run is refused 400 before any stream (in ${seconds(probe.durationMs)})`, details: {durationMs: probe.durationMs, ...probe.facts}}
    }
    const agent = probe.facts.agent as {name?: string; version?: string} | null | undefined
    const answered = `\`initialize\` answered${agent?.name ? ` by ${agent.name} ${agent.version ?? ''}`.trimEnd() : ''}`
    const details = {exitCode: probe.exitCode, durationMs: probe.durationMs, ...probe.facts}
    if (probe.facts.endedBy === 'sigterm') {
      return {
        status: 'WARN',
        detail: `${answered}; outlives its closed stdin, exits on SIGTERM (in ${seconds(probe.durationMs)})`,
        details,
        limitation: 'single-turn=signalled (the agent ignores a closed stdin; agora ends each turn with SIGTERM to its process group)',
      }
    }
    return {status: 'PASS', detail: `${answered}; exits when stdin closes (in ${seconds(probe.durationMs)})`, details}
  },
}
