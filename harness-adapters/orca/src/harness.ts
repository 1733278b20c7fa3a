import {createHash} from 'node:crypto'
import {join} from 'node:path'
import type {HttpHarnessDeclaration, OrcaProfile, Turn} from '@agora/contract'

/** What names one Orca worker: its base URL and the agent profile each run carries. */
export interface OrcaWorkerOptions {
  /** The harness name (`agora drive --harness <name>`); default `orca`. */
  name?: string
  /** The worker's base URL; Orca's scaffolds listen on 7099. */
  url: string
  /** The profile's fields; `name` defaults to the seat id, `runtime` to `custom`. */
  profile?: Partial<OrcaProfile>
}

/**
 * The Orca session id of a seat's lane on one worker: stable, so the worker sees one conversation
 * per lane, and never shared between seats, lanes or workers.
 */
export function orcaSessionId(seat: string, lane: string, url: string): string {
  return `agora-${seat}-${lane}-${createHash('sha256').update(url).digest('hex').slice(0, 12)}`
}

/**
 * Drive an Orca Harness Protocol v1 worker as a seat: one `POST /run` per turn through agora's
 * generic `http` transport (@agora/transport), which adds agora's HTTP MCP endpoint and a turn token.
 */
export function orcaWorker(options: OrcaWorkerOptions): HttpHarnessDeclaration {
  const url = options.url.replace(/\/+$/, '')
  return {
    name: options.name ?? 'orca',
    summary: `an Orca Harness Protocol v1 worker at ${url} (one POST /run per turn)`,
    contract: '^1',
    transport: 'http',
    worker: {url, profile: {name: options.profile?.name ?? '<seat>', runtime: options.profile?.runtime ?? 'custom', ...options.profile}},
    binary: url,
    supports: ['model', 'permissions', 'session'],
    advisory: ['model'],
    unmet: ['lease-hook'],
    reasoningVocab: [],
    permissions: {
      vocab: ['write'],
      argv: {},
      rationale: "an Orca run envelope has no permission field, so the worker's own policy is the only level (write)",
      default: 'write',
    },
    knobRequirements: [],
    defaults: {model: options.profile?.model ?? null, reasoning: null, modelFitForDriving: true},
    continuity: 'state-file',
    toolReach: 'stdio-mcp',
    identityScope: 'turn',
    buildCommand: (turn: Turn) => {
      const sessionId = orcaSessionId(turn.seat.agentId, turn.lane, url)
      const stateFile = join(turn.paths.stateDir, `${turn.lane}.orca-state.json`)
      const profile: OrcaProfile = {
        ...options.profile,
        name: options.profile?.name ?? turn.seat.agentId,
        runtime: options.profile?.runtime ?? 'custom',
        ...(turn.model ? {model: turn.model} : {}),
      }
      return {
        argv: [url],
        env: {},
        // A fresh session (no id to resume) drops the kept state, which is how a lane rotates.
        ...(turn.sessionId ? {} : {discard: [stateFile]}),
        sessionId,
        session: turn.session,
        http: {url, sessionId, profile, skills: [], stateFile},
      }
    },
  }
}

/** The packaged worker: `AGORA_ORCA_URL` (default http://127.0.0.1:7099), read when agora discovers harnesses. */
export function orcaFromEnv(env: NodeJS.ProcessEnv = process.env): HttpHarnessDeclaration {
  const profile: Partial<OrcaProfile> = {}
  if (env.AGORA_ORCA_PROFILE?.trim()) profile.name = env.AGORA_ORCA_PROFILE.trim()
  return orcaWorker({url: env.AGORA_ORCA_URL?.trim() || 'http://127.0.0.1:7099', profile})
}
