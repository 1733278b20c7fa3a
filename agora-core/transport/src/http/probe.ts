import type {TransportProbe, TurnLaunch} from '@agora/contract'

/**
 * C2 for an Orca worker, with no LLM call: `/health` answers, and a malformed `/run` is refused with
 * a 400 before any stream opens. The worker's URL is the launch's argv[0]; what `/health` said is
 * kept in `facts`.
 */
export async function probeOrcaWorker(launch: TurnLaunch): Promise<TransportProbe> {
  const started = Date.now()
  const base = (launch.argv[0] ?? '').replace(/\/+$/, '')
  const result = (ended: boolean, problem: string | null, facts: Record<string, unknown> = {}): TransportProbe =>
    ({ended, problem, exitCode: null, timedOut: false, spawnError: null, durationMs: Date.now() - started, facts})
  const signal = AbortSignal.timeout(launch.timeoutMs)
  try {
    const health = await fetch(`${base}/health`, {signal})
    const body = await health.json().catch(() => null) as Record<string, unknown> | null
    if (health.status !== 200 || !body) return result(false, `GET /health answered ${health.status}, not 200 JSON`)
    const refused = await fetch(`${base}/run`, {method: 'POST', headers: {'content-type': 'application/json'}, body: '{}', signal})
    const text = await refused.text()
    const facts = {runtime: body.runtime ?? null, protocol: body.protocol ?? null, instanceId: body.instanceId ?? null}
    if (refused.status !== 400) return result(false, `POST /run {} answered ${refused.status}, not 400 before a stream (${text.slice(0, 120)})`, facts)
    return result(true, null, facts)
  } catch (error) {
    const timedOut = signal.aborted
    return {...result(false, timedOut ? `no answer within ${Math.round(launch.timeoutMs / 1000)}s` : `the worker did not answer: ${(error as Error).message}`), timedOut}
  }
}
