import type {HarnessDeclaration, McpLaunch, SeatBinding, Transport, TurnTransport} from '@agora/contract'

export type Status = 'PASS' | 'WARN' | 'FAIL' | 'SKIP'
export type ProbeId = 'C0' | 'C1' | 'C2' | 'C3' | 'C4' | 'C5' | 'C6' | 'C7' | 'C8' | 'C9' | 'C10'

/** What one probe concludes. `limitation` is the named degrade agora applies, in contract words. */
export interface ProbeOutcome {
  status: Status
  /** One line. */
  detail: string
  limitation?: string | null
  /** Extra machine-readable facts for --json. */
  details?: Record<string, unknown>
}

/** A probe's outcome with the shared fields the runner adds. */
export interface ProbeResult {
  id: ProbeId
  capability: string
  status: Status
  detail: string
  limitation: string | null
  details?: Record<string, unknown>
}

/** A child run: argv[0] is the executable. Never rejects; a spawn failure is reported in `error`. */
export interface SpawnRequest {
  argv: string[]
  cwd: string
  env: Record<string, string>
  timeoutMs: number
}

export interface SpawnResult {
  exitCode: number | null
  stdout: string
  stderr: string
  timedOut: boolean
  durationMs: number
  /** Why the process could not run at all (ENOENT, EACCES), else null. */
  error: string | null
}

/** The hub as C9 sees it: when the seat was last seen, or -1 when that cannot be read. */
export interface HubPort {
  /** Which credential reads presence, for the report ('admin key', say), or null when none can. */
  readonly reader: string | null
  presenceUpdatedAt(agentId: string): Promise<number>
  /** Why no hub answers `GET /healthz` with ok, or null when one does. */
  unreachable(): Promise<string | null>
}

/** Everything a probe touches outside memory; tests pass fakes. */
export interface Ports {
  which(binary: string): Promise<string | null>
  spawn(request: SpawnRequest): Promise<SpawnResult>
  /** The text of a file, or null when it is absent, unreadable, not a file or over 1 MB. */
  readFile(path: string): Promise<string | null>
  /** Writes a file a turn needs (0600, parents 0700). */
  writeFile(path: string, content: string): Promise<void>
  now(): number
  hub: HubPort
  /** The transport that carries a declaration's turns (C2 probes its launch, C9 runs the live turn through it). */
  transport(name: Transport): TurnTransport
}

/** The harness as discovery found it (the shape of @agora/contract's DiscoveredHarness). */
export interface HarnessUnderTest {
  name: string
  plugin: {name: string; version: string; type: string; root: string}
  declaration: HarnessDeclaration | null
  valid: boolean
  problems: string[]
  /** Valid and not shadowed by a plugin of the same name (link > user > core). */
  active?: boolean
}

export interface Timeouts {
  /** C2: the probe argv must terminate within this (20 s by default). */
  probeMs: number
  /** C3: `agora-mcp --self-check`. */
  selfCheckMs: number
  /** C9: one live turn. */
  liveMs: number
}

export interface ProbeContext {
  /** The name the operator asked about. */
  harness: string
  /** Null when no installed plugin declares that name. */
  target: HarnessUnderTest | null
  /** Every valid installed declaration (refusals name who supports a knob). */
  all: HarnessDeclaration[]
  workspace: string
  seat: SeatBinding
  mcp: McpLaunch
  /** The running agora's version; agora-mcp must report the same. */
  agoraVersion: string
  live: boolean
  /** Knobs for the live turn (a hermetic run may need to name the model). */
  liveRequest: {model?: string; provider?: string}
  /** Bearers known to belong to this seat (its cached key); none may reach the turn. */
  knownSecrets: string[]
  /** The operator environment; every AGORA_* variable is scrubbed before a child sees it. */
  env: Record<string, string | undefined>
  timeouts: Timeouts
  ports: Ports
}

/** One probe: plain data plus `run`. Probes never throw on purpose; the runner catches it if they do. */
export interface Probe {
  id: ProbeId
  capability: string
  /** Probes that must not have FAILed or SKIPped for this one to run. */
  needs: ProbeId[]
  kind: 'structural' | 'live'
  run(ctx: ProbeContext, earlier: ReadonlyMap<ProbeId, ProbeResult>): Promise<ProbeOutcome>
}

export type VerdictWord = 'DRIVABLE' | 'DRIVABLE WITH LIMITATIONS' | 'NOT DRIVABLE'

/** The deliverable: what `--json` prints (pinned by schema/harness-check.schema.json). */
export interface HarnessCheckReport {
  harness: string
  drivable: boolean
  verdict: VerdictWord
  /** The blocking capabilities that failed (NOT DRIVABLE only). */
  unmet: string[]
  limitations: string[]
  probes: ProbeResult[]
  counts: {pass: number; warn: number; fail: number; skip: number}
}
