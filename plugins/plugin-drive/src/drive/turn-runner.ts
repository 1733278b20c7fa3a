import {rmSync} from 'node:fs'

import {assessTurn, prepareTurn, transportOf} from '@agora/contract'
import {turnTransport} from '@agora/transport'
import type {DriveRequest, HarnessDeclaration, Lane, McpLaunch, SeatBinding, TurnKind, TurnVerdict} from '@agora/contract'

import type {HubPort} from '../hub-port.js'
import {verifyReceptionDebt} from './debt.js'
import {appendFailure, redact} from './failures.js'
import type {TurnLog} from './turn-log.js'
import {turnEnv, writeTurnFiles} from './turn-env.js'

export interface TurnRequest {
  lane: Lane
  kind: TurnKind
  prompt: string
  sessionId: string | null
  timeoutS: number
}

export interface TurnOutcome {
  verdict: TurnVerdict
  exitCode: number | null
  durationS: number
  /** The session the command itself named (a caller-chosen id or state token); the driver adopts it when the verdict names none. */
  sessionId?: string | null
}

/** Spawns and judges one turn; the driver's loop sees only this port. */
export type RunTurn = (request: TurnRequest) => Promise<TurnOutcome>

export interface TurnRunnerConfig {
  decl: HarnessDeclaration
  all: HarnessDeclaration[]
  request: DriveRequest
  seat: SeatBinding
  mcp: McpLaunch
  workspace: string
  pluginRoot: string
  stateDir: string
  /** Absolute path of the packaged agora-channels SKILL.md, for a harness that loads it per turn. */
  skillPath?: string
  operatorEnv: NodeJS.ProcessEnv
  hub: HubPort | null
  out(line: string): void
  failuresPath: string
  /** The `--turn-log` flight recorder, when on. */
  turnLog?: TurnLog | null
  signal?: AbortSignal
  /** Each evidence line as the turn writes it (the OpenRig runner reads tool starts from it). */
  onEvidence?: (line: string) => void
}

const RUNNING_NOTICE_MS = 600_000
const q = (text: string): string => JSON.stringify(redact(text))

export function turnRunner(config: TurnRunnerConfig): RunTurn {
  const {decl, seat} = config
  const agent = seat.agentId
  const log = (event: string, fields: Record<string, unknown>): void => config.turnLog?.record(event, fields)
  return async (request) => {
    const turn = prepareTurn(decl, {...config.request, prompt: request.prompt, kind: request.kind, lane: request.lane, sessionId: request.sessionId, seat, mcp: config.mcp, workspace: config.workspace, paths: {pluginRoot: config.pluginRoot, stateDir: config.stateDir, ...(config.skillPath ? {skill: config.skillPath} : {})}, timeoutSeconds: request.timeoutS}, config.all)
    const built = decl.buildCommand(turn)
    const env = turnEnv(config.operatorEnv, built.env)
    // state a fresh session must not inherit goes before the turn can read it
    for (const path of built.discard ?? []) rmSync(path, {force: true, recursive: true})
    writeTurnFiles(built.files)
    const reception = request.kind === 'boot' || request.kind === 'wake'
    const before = reception && config.hub ? await config.hub.owed().catch(() => null) : null
    config.out(`AGORA_DRIVE turn-start agent=${agent} kind=${request.kind} timeout=${request.timeoutS}s — one bounded ${request.lane} turn`)
    log('turn_start', {kind: request.kind, harness: decl.name, session: request.sessionId, model: turn.model ?? 'harness-default'})
    const started = Date.now()
    // the seat is deaf while a turn runs; say so every 10 minutes
    const running = setInterval(() => config.out(`AGORA_DRIVE turn-running agent=${agent} kind=${request.kind} elapsed=${Math.round((Date.now() - started) / 1000)}s — the seat hears nothing until this turn ends`), RUNNING_NOTICE_MS)
    const spawned = await turnTransport(transportOf(decl)).runTurn({
      argv: built.argv, env, cwd: config.workspace, timeoutMs: request.timeoutS * 1000, signal: config.signal,
      prompt: turn.prompt, session: built.session ?? null, http: built.http ?? null,
      onLine: config.turnLog || config.onEvidence ? (line) => { config.turnLog?.raw(line); config.onEvidence?.(line) } : undefined,
    })
    clearInterval(running)
    if (spawned.stderr.trim()) log('turn_stderr', {text: spawned.stderr.slice(-4000)})
    let verdict: TurnVerdict = spawned.spawnError
      ? {ok: false, stage: 'harness', reason: 'spawn-failed', detail: spawned.spawnError, tools: [], sessionId: null, notices: []}
      : assessTurn(decl, {stdout: spawned.stdout, stderr: spawned.stderr, exitCode: spawned.exitCode, timedOut: spawned.timedOut, kind: request.kind})
    for (const notice of verdict.notices) config.out(`AGORA_DRIVE warn=turn-notice agent=${agent} harness=${decl.name} detail=${q(notice)}`)
    if (verdict.ok && reception && config.hub) {
      const debt = await verifyReceptionDebt(config.hub, agent, before)
      if (debt.skipped) config.out(`AGORA_DRIVE verify agent=${agent} status=skipped reason=${debt.skipped}`)
      else if (debt.remains) verdict = {...verdict, ok: false, stage: 'reception', reason: 'debt-remains', detail: debt.remains}
    }
    const durationS = Math.round(spawned.durationMs / 1000)
    const session = verdict.sessionId ?? built.sessionId ?? request.sessionId
    if (verdict.ok) {
      config.out(`AGORA_DRIVE event=turn_end status=ok agent=${agent} harness=${decl.name} kind=${request.kind} dur=${durationS}s session=${session ?? '-'} mcp_tools=${decl.evidence ? verdict.tools.join(',') || '-' : 'unobservable'}`)
    } else {
      const rc = spawned.timedOut || spawned.exitCode === null ? '' : ` rc=${spawned.exitCode}`
      config.out(`AGORA_DRIVE event=turn_end status=error agent=${agent} harness=${decl.name} kind=${request.kind} stage=${verdict.stage} reason=${verdict.reason}${rc} detail=${q(verdict.detail)}`)
      appendFailure(config.failuresPath, {ts: Math.floor(Date.now() / 1000), agent, harness: decl.name, kind: request.kind, stage: verdict.stage, reason: verdict.reason, detail: verdict.detail})
    }
    const failure = verdict.ok ? {} : {stage: verdict.stage, reason: verdict.reason, detail: verdict.detail.slice(0, 2000)}
    const rc = spawned.exitCode === null ? {} : {rc: spawned.exitCode}
    log('turn_end', {kind: request.kind, ok: verdict.ok, harness: decl.name, ...rc, ...failure, mcp_tools: decl.evidence ? verdict.tools : 'unobservable', dur_s: durationS, session: session ?? null})
    return {verdict, exitCode: spawned.exitCode, durationS, sessionId: built.sessionId ?? null}
  }
}
