import type {AgoraClient} from '@agora/client'
import {IMPLEMENTATION} from '@agora/protocol'

/** True when dotted version `a` is newer than `b` (numeric per part; pre-release tags ignored). */
export function isNewer(a: string, b: string): boolean {
  const parts = (v: string): number[] => (v.split(/[-+]/)[0] ?? '').split('.').map((p) => Number.parseInt(p, 10) || 0)
  const [x, y] = [parts(a), parts(b)]
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0)
  }
  return false
}

/**
 * Notices a hub upgraded under a long-lived server. `/healthz` is probed in the background at most
 * once per interval, so no tool call waits on it; once the hub reports a newer version than this
 * server, every rendering starts with a banner asking for a restart. Versions only compare between
 * builds of this implementation: another hub (the reference serves `version` 0.17.8 and no
 * `implementation`) numbers its releases its own way, and `protocol` is what says it is compatible.
 */
export class HubVersionWatch {
  private probedAt = Number.NEGATIVE_INFINITY
  private probing: Promise<void> | undefined
  private hubVersion: string | undefined
  /** How many /healthz probes were started: the interval is observable. */
  probes = 0

  constructor(
    private readonly hub: AgoraClient,
    private readonly ownVersion: string,
    private readonly intervalMs = 300_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Starts a probe when one is due; resolves when that probe (if any) has finished. */
  refresh(): Promise<void> {
    if (this.probing || this.clock() - this.probedAt < this.intervalMs) return this.probing ?? Promise.resolve()
    this.probedAt = this.clock()
    this.probes += 1
    this.probing = this.hub.healthz()
      .then((health) => { this.hubVersion = health.implementation === IMPLEMENTATION ? health.version : undefined })
      .catch(() => { /* an unreachable hub shows up in the tool's own result */ })
      .finally(() => { this.probing = undefined })
    return this.probing
  }

  banner(): string {
    void this.refresh()
    if (!this.hubVersion || !isNewer(this.hubVersion, this.ownVersion)) return ''
    return `⚠ STALE SERVER: this agora-mcp is ${this.ownVersion} but the hub runs ${this.hubVersion}. ` +
      'Tools may be missing or outdated: ask your operator to restart your MCP client (or agora-mcp).\n\n'
  }
}
