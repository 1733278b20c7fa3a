import type {Probe, ProbeContext, ProbeId, ProbeResult} from './types.js'
import {applyDeclaredUnmet} from './declared-unmet.js'
import {DISPLAY_ORDER, PROBES} from './probes/index.js'

/** Progress callbacks (the command shows them on a TTY). */
export interface ProbeProgress {
  start?(probe: Probe): void
  done?(result: ProbeResult): void
}

/**
 * Runs the registry in order and never aborts: a probe that throws is a FAIL naming the crash, a
 * probe whose prerequisite failed or was skipped is a SKIP naming it, a live probe without --live is
 * a SKIP. Results come back in display order.
 */
export async function runProbes(ctx: ProbeContext, registry: readonly Probe[] = PROBES, progress: ProbeProgress = {}): Promise<ProbeResult[]> {
  const results = new Map<ProbeId, ProbeResult>()
  const capabilities = new Map(registry.map((probe) => [probe.id, probe.capability]))
  for (const probe of registry) {
    progress.start?.(probe)
    const base = {id: probe.id, capability: probe.capability}
    let result: ProbeResult
    const blocker = probe.needs.find((id) => {
      const status = results.get(id)?.status
      return status === undefined || status === 'FAIL' || status === 'SKIP'
    })
    if (probe.kind === 'live' && !ctx.live) {
      result = {...base, status: 'SKIP', detail: 'pass --live to run one real turn (one model call)', limitation: null}
    } else if (blocker !== undefined) {
      const why = results.get(blocker)?.status === 'FAIL' ? 'failed' : 'did not run'
      result = {...base, status: 'SKIP', detail: `needs ${blocker} (${capabilities.get(blocker) ?? 'prerequisite'}), which ${why}`, limitation: null}
    } else {
      try {
        const outcome = await probe.run(ctx, results)
        result = {...base, status: outcome.status, detail: outcome.detail, limitation: outcome.limitation ?? null, ...(outcome.details ? {details: outcome.details} : {})}
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        result = {...base, status: 'FAIL', detail: `probe crashed: ${message.split('\n')[0]}`, limitation: null}
      }
    }
    result = applyDeclaredUnmet(ctx.target?.declaration ?? null, result)
    results.set(probe.id, result)
    progress.done?.(result)
  }
  const rank = (id: ProbeId) => {
    const index = DISPLAY_ORDER.indexOf(id)
    return index === -1 ? DISPLAY_ORDER.length : index
  }
  return [...results.values()].sort((a, b) => rank(a.id) - rank(b.id))
}
