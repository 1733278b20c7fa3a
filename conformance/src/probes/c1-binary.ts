import {transportOf} from '@agora/contract'
import type {Probe, ProbeOutcome} from '../types.js'
import {declarationOf} from './declaration-of.js'

/** The harness executable is on PATH. */
export const c1Binary: Probe = {
  id: 'C1',
  capability: 'binary',
  needs: ['C0'],
  kind: 'structural',
  async run(ctx) {
    const decl = declarationOf(ctx)
    if (transportOf(decl) === 'http') return workerAnswers(decl.binary, ctx.timeouts.probeMs)
    const path = await ctx.ports.which(decl.binary)
    if (path === null) {
      return {status: 'FAIL', detail: `\`${decl.binary}\` is not on PATH — install the framework, or put its directory on PATH`}
    }
    return {status: 'PASS', detail: path, details: {path}}
  },
}

/** C1 for an Orca worker (transport http): its `/health` answers 200 JSON. `details.path` is the URL C2 probes. */
async function workerAnswers(url: string, timeoutMs: number): Promise<ProbeOutcome> {
  try {
    const res = await fetch(`${url.replace(/\/+$/, '')}/health`, {signal: AbortSignal.timeout(timeoutMs)})
    const body = await res.json().catch(() => null) as Record<string, unknown> | null
    if (res.status !== 200 || !body) return {status: 'FAIL', detail: `${url}/health answered ${res.status}, not 200 JSON — is the Orca worker running there?`}
    return {status: 'PASS', detail: `${url} answers /health (runtime ${String(body.runtime ?? '?')}, ${String(body.protocol ?? 'no protocol named')})`, details: {path: url}}
  } catch (error) {
    return {status: 'FAIL', detail: `${url}/health did not answer (${(error as Error).message}) — start the Orca worker, or point the harness at it`}
  }
}
