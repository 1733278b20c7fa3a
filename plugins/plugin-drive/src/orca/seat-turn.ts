import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {AssistantText, assessTurn, prepareTurn, transportOf} from '@agora/contract'
import type {DriveRequest, HarnessDeclaration, McpLaunch, SeatBinding} from '@agora/contract'
import {turnTransport} from '@agora/transport'

import {turnEnv, writeTurnFiles} from '../drive/turn-env.js'
import {EvidenceToOrca} from './events.js'
import type {ServeTurn} from './server.js'
import type {StateStore} from './state-store.js'

export interface SeatTurnConfig {
  decl: HarnessDeclaration
  all: HarnessDeclaration[]
  request: DriveRequest
  seat: SeatBinding
  mcp: McpLaunch
  workspace: string
  pluginRoot: string
  stateDir: string
  skillPath?: string
  operatorEnv: NodeJS.ProcessEnv
  state: StateStore
  timeoutS: number
}

/**
 * Each `/run` as one bounded turn of the seat's drive harness (argv or ACP): the envelope's prompt,
 * the session it resumes from this server's state, events translated from the harness's evidence as
 * they arrive. An aborted signal (the client closed the socket) kills the turn's process group.
 */
export function seatTurn(config: SeatTurnConfig): ServeTurn {
  const {decl, seat} = config
  return async (run, signal, emit) => {
    const kept = config.state.read(run.sessionId)
    emit({type: 'progress', message: `turn start: seat ${seat.agentId} through ${decl.name} (${transportOf(decl)}), ${kept?.resumeId ? `resuming ${kept.resumeId}` : 'a fresh session'}`})
    if (run.mcpServers.length > 0 || run.sessionMcpUrl) {
      emit({type: 'progress', message: `limitation: the envelope's MCP servers are not offered to ${decl.name}, which reaches only agora's own server as ${seat.agentId}`})
    }
    const model = run.profile.model && decl.supports.includes('model') ? run.profile.model : null
    if (run.profile.model && !model) emit({type: 'progress', message: `limitation: ${decl.name} takes no model knob; ${run.profile.model} is not applied`})
    // Skills go to a per-turn folder, never the seat's; the prompt names it.
    let skillDir: string | null = null
    let prompt = run.subtask.prompt
    if (run.skills.length > 0) {
      skillDir = mkdtempSync(join(tmpdir(), 'agora-orca-skills-'))
      run.skills.forEach((skill, i) => writeFileSync(join(skillDir!, `${i}-${skill.name.replace(/[^A-Za-z0-9._-]/g, '_')}.md`), skill.body, {mode: 0o600}))
      prompt += `\n\n(Skills for this task are in ${skillDir}.)`
    }
    try {
      const turn = prepareTurn(decl, {...config.request, model: model ?? config.request.model, prompt, kind: 'work', lane: 'work', sessionId: kept?.resumeId ?? null,
        seat, mcp: config.mcp, workspace: config.workspace, timeoutSeconds: config.timeoutS,
        paths: {pluginRoot: config.pluginRoot, stateDir: config.stateDir, ...(config.skillPath ? {skill: config.skillPath} : {})}}, config.all)
      const built = decl.buildCommand(turn)
      for (const path of built.discard ?? []) rmSync(path, {force: true, recursive: true})
      writeTurnFiles(built.files)
      const translate = new EvidenceToOrca(decl.evidence, emit)
      // The model's words stream as `assistant`; the last message is the run's `result`.
      const words = new AssistantText(decl.evidence)
      const read = (line: string): void => {
        translate.line(line)
        const text = words.line(line)
        if (text !== null) emit({type: 'assistant', message: text})
      }
      const spawned = await turnTransport(transportOf(decl)).runTurn({
        argv: built.argv, env: turnEnv(config.operatorEnv, built.env), cwd: config.workspace, timeoutMs: config.timeoutS * 1000, signal,
        prompt: turn.prompt, session: built.session ?? null, http: built.http ?? null, onLine: read,
      })
      if (signal.aborted) return {ok: false, message: 'cancelled'}
      const verdict = spawned.spawnError
        ? {ok: false, stage: 'harness', reason: 'spawn-failed', detail: spawned.spawnError, tools: [] as string[], sessionId: null}
        : assessTurn(decl, {stdout: spawned.stdout, stderr: spawned.stderr, exitCode: spawned.exitCode, timedOut: spawned.timedOut, kind: 'work'})
      const resumeId = verdict.sessionId ?? built.sessionId ?? kept?.resumeId ?? null
      if (resumeId) emit({type: 'session', runtimeSessionId: resumeId})
      config.state.write(run.sessionId, {schema: 1, harness: decl.name, resumeId, turns: (kept?.turns ?? 0) + 1})
      // A turn that used no agora tool still ended cleanly: for an Orca client that is a result, not an error.
      const ok = verdict.ok || verdict.stage === 'mcp-use'
      const tools = verdict.tools.length > 0 ? verdict.tools.join(', ') : 'none'
      if (!ok) return {ok: false, message: `${verdict.stage}/${verdict.reason}: ${verdict.detail}`}
      emit({type: 'progress', message: `turn ended (${decl.name}, ${Math.round(spawned.durationMs / 1000)}s; agora tools: ${tools})`})
      if (words.final !== null) return {ok: true, message: words.final}
      // A clean turn whose model wrote nothing answers with nothing, and says why once.
      emit({type: 'progress', message: words.readable ? `${decl.name} ended the turn without a message` : `limitation: ${decl.name} declares no assistantText, so its words cannot be read`})
      return {ok: true, message: ''}
    } finally {
      if (skillDir) rmSync(skillDir, {recursive: true, force: true})
    }
  }
}
