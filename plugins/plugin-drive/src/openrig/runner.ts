import type {RunTurn, TurnOutcome} from '../drive/turn-runner.js'
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
  /** The harness refused a permission request this turn (answered at once from the seat's level). */
  permission(ask: PermissionSeen): void
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

/** A permission request the drive harness answered with a refusal, as its evidence reports it. */
export interface PermissionSeen {
  title: string
  kind?: string
  answer?: string
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
  // Permission attention is held as the last post through the turn's end: no beats, no Stop, until the next accepted prompt.
  let holding = false
  let asked = 0
  const permission = (ask: PermissionSeen): void => {
    if (!current) return
    holding = true
    asked++
    poster.post({hookEvent: 'Notification', subtype: 'permission_prompt', turnId: current})
    options.out(`[agora-runner] permission refused: ${ask.title}${ask.kind ? ` (kind ${ask.kind})` : ''}${ask.answer ? ` answered ${ask.answer}` : ''}; the seat reads needs input until the next prompt`)
  }
  return {
    endpoint,
    poster,
    toolSeen: (name) => { if (current) poster.post({hookEvent: 'PreToolUse', subtype: name, turnId: current}) },
    permission,
    wrap: (runTurn, signal) => async (request) => {
      const turnId = String(++turns)
      current = turnId
      holding = false
      asked = 0
      poster.post({hookEvent: 'UserPromptSubmit', subtype: 'accepted', turnId})
      const beat = every(() => { if (!holding) poster.post({hookEvent: 'active', subtype: 'heartbeat', turnId}) }, beatMs)
      let outcome: TurnOutcome | null = null
      try {
        outcome = await runTurn(request)
        return outcome
      } finally {
        stop(beat)
        // an argv harness reports its refusals only as turn notices
        if (outcome && asked === 0) {
          for (const notice of outcome.verdict.notices.filter((n) => n.startsWith('harness-refused-tool'))) permission({title: notice.slice(0, 300)})
        }
        current = null
        if (!holding) poster.post(signal?.aborted ? {hookEvent: 'Stop', subtype: 'cancelled', turnId} : {hookEvent: 'Stop', subtype: 'turn_end', turnId, livenessSeconds: liveness})
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
