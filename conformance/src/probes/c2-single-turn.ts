import type {Probe} from '../types.js'
import {scrubAgoraEnv, seconds} from '../env.js'
import {declarationOf} from './declaration-of.js'

/** The probe argv terminates with stdin closed within the timeout (20 s); any exit code counts. */
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
    const argv = [path, ...decl.probeArgv]
    const run = await ctx.ports.spawn({argv, cwd: ctx.workspace, env: scrubAgoraEnv(ctx.env), timeoutMs: ctx.timeouts.probeMs})
    const shown = [decl.binary, ...decl.probeArgv].join(' ')
    if (run.timedOut) {
      return {
        status: 'FAIL',
        detail: `\`${shown}\` did not terminate within ${Math.round(ctx.timeouts.probeMs / 1000)}s with stdin closed — a driven turn must end on its own`,
      }
    }
    if (run.error !== null) return {status: 'FAIL', detail: `\`${shown}\` could not run: ${run.error}`}
    return {
      status: 'PASS',
      detail: `terminates with stdin closed (rc=${run.exitCode} in ${seconds(run.durationMs)})`,
      details: {exitCode: run.exitCode, durationMs: run.durationMs},
    }
  },
}
