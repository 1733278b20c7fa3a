import type {RunTurn} from '../drive/turn-runner.js'
import {ActivityPoster} from './activity.js'
import type {RunnerIdentity} from './activity.js'
import {discoverEndpoint} from './endpoint.js'
import type {ActivityEndpoint} from './endpoint.js'
import {writeLaunchRecord} from './launch-record.js'

/** What `agora drive --openrig` adds around the driver. */
export interface OpenRigRunner {
  endpoint: ActivityEndpoint | null
  poster: ActivityPoster
  /** Wrap the driver's turn port: accepted, PreToolUse per tool, active beats, Stop (or Stop/cancelled). */
  wrap(runTurn: RunTurn, signal?: AbortSignal): RunTurn
  /** Seen in a turn's evidence as it happens. */
  toolSeen(name: string): void
  /** After the agent side is open: the launch record, then the ready line. */
  ready(nativeRef: string): void
  /** The runner is ending: `agora_exited`, then the EXITED line. */
  exited(): Promise<void>
}

export interface OpenRigOptions {
  env: NodeJS.ProcessEnv
  launchId: string | null
  producer: string
  out(line: string): void
  /** Seconds; the idle report holds 2× this long (1–3600). */
  livenessSeconds?: number
  /** Injectable for the heartbeat-spacing test. */
  setInterval?: typeof setInterval
  clearInterval?: typeof clearInterval
}

/** The environment variables that belong to the runner, never to the turn's child. */
export const RUNNER_SECRETS = ['OPENRIG_ACTIVITY_HOOK_TOKEN']

export function openRigRunner(options: OpenRigOptions): OpenRigRunner {
  const {env} = options
  const identity: RunnerIdentity = {
    sessionName: env.OPENRIG_SESSION_NAME ?? '', nodeId: env.OPENRIG_NODE_ID ?? '', runtime: env.OPENRIG_RUNTIME || 'agora',
    generation: env.OPENRIG_OCCUPANT_GENERATION ?? '',
  }
  const endpoint = discoverEndpoint(env)
  const poster = new ActivityPoster(endpoint, identity)
  const liveness = Math.min(3600, Math.max(1, Math.round(options.livenessSeconds ?? 60)))
  // An active beat every min(livenessSeconds/3, 5 s) while a turn runs.
  const beatMs = Math.min(liveness * 1000 / 3, 5000)
  const every = options.setInterval ?? setInterval
  const stop = options.clearInterval ?? clearInterval
  let turns = 0
  let current: string | null = null
  return {
    endpoint,
    poster,
    toolSeen: (name) => { if (current) poster.post({hookEvent: 'PreToolUse', subtype: name, turnId: current}) },
    wrap: (runTurn, signal) => async (request) => {
      const turnId = String(++turns)
      current = turnId
      poster.post({hookEvent: 'UserPromptSubmit', subtype: 'accepted', turnId})
      const beat = every(() => poster.post({hookEvent: 'active', subtype: 'heartbeat', turnId}), beatMs)
      try {
        const outcome = await runTurn(request)
        return outcome
      } finally {
        stop(beat)
        current = null
        poster.post(signal?.aborted ? {hookEvent: 'Stop', subtype: 'cancelled', turnId} : {hookEvent: 'Stop', subtype: 'turn_end', turnId, livenessSeconds: liveness})
      }
    },
    ready: (nativeRef) => {
      const path = env.OPENRIG_LAUNCH_RESULT?.trim()
      if (path) {
        writeLaunchRecord(path, {format: 1, attempt: env.OPENRIG_LAUNCH_ATTEMPT ?? '', harness: 'agora', nativeRef, producer: options.producer,
          ...(options.launchId ? {launchId: options.launchId} : {})})
      }
      options.out('[agora-runner] READY')
    },
    exited: async () => {
      poster.post({hookEvent: 'Stop', subtype: 'agora_exited'})
      await poster.drain()
      options.out('[agora-runner] EXITED')
    },
  }
}
