import type {McpLaunch, SeatBinding} from '@agora/contract'
import type {HarnessCheckReport, HarnessUnderTest, Ports, Probe, Timeouts} from './types.js'
import {PROBES} from './probes/index.js'
import {runProbes, type ProbeProgress} from './run-probes.js'
import {judge} from './verdict.js'

export const DEFAULT_TIMEOUTS: Timeouts = {probeMs: 20_000, selfCheckMs: 15_000, liveMs: 300_000}

export interface CheckOptions {
  harness: string
  /** Every installed harness plugin, as discovery reported it. */
  discovered: HarnessUnderTest[]
  workspace: string
  seat: SeatBinding
  mcp: McpLaunch
  agoraVersion: string
  live?: boolean
  liveRequest?: {model?: string; provider?: string}
  env: Record<string, string | undefined>
  knownSecrets?: string[]
  ports: Ports
  timeouts?: Partial<Timeouts>
  registry?: readonly Probe[]
  progress?: ProbeProgress
}

/** The installed plugin that answers to `name`: a valid declaration first, else the invalid one (C0 explains it). */
export function pickHarness(name: string, discovered: HarnessUnderTest[]): HarnessUnderTest | null {
  const named = discovered.filter((h) => h.name === name)
  return named.find((h) => h.active) ?? named.find((h) => h.valid && h.declaration !== null) ?? named[0] ?? null
}

/** Runs every probe against one installed harness and judges the result. Never throws for a bad harness. */
export async function checkHarness(options: CheckOptions): Promise<HarnessCheckReport> {
  const target = pickHarness(options.harness, options.discovered)
  const all = options.discovered.filter((h) => h.valid && h.declaration !== null).map((h) => h.declaration!)
  const results = await runProbes({
    harness: options.harness,
    target,
    all,
    workspace: options.workspace,
    seat: options.seat,
    mcp: options.mcp,
    agoraVersion: options.agoraVersion,
    live: options.live ?? false,
    liveRequest: options.liveRequest ?? {},
    knownSecrets: options.knownSecrets ?? [],
    env: options.env,
    timeouts: {...DEFAULT_TIMEOUTS, ...options.timeouts},
    ports: options.ports,
  }, options.registry ?? PROBES, options.progress)
  return judge(options.harness, results)
}
