import {PROTOCOL_VERSION} from '@agentclientprotocol/sdk'
import type {ClientContext, InitializeRequest, InitializeResponse, McpServer, NewSessionRequest, NewSessionResponse} from '@agentclientprotocol/sdk'
import type {SessionSetup} from '@agora/contract'
import type {TurnRecord} from './turn-record.js'

/** What `initialize` told us about continuity, for the record and C7. */
export function continuityOf(init: InitializeResponse): {loadSession: boolean; resume: boolean} {
  return {loadSession: init.agentCapabilities?.loadSession === true, resume: Boolean(init.agentCapabilities?.sessionCapabilities?.resume)}
}

export const initializeParams: InitializeRequest = {
  protocolVersion: PROTOCOL_VERSION,
  // fs and terminal stay unadvertised: the agent works in its own cwd with its own tools.
  clientCapabilities: {},
  clientInfo: {name: 'agora', version: '1'},
}

/**
 * `session/load` (or `session/resume`) when there is a session to continue and the agent
 * advertises it, else `session/new`; then each knob as its own call. Updates a load replays are
 * history, not this turn's evidence, so the caller mutes the record until this returns.
 */
export async function openSession(ctx: ClientContext, init: InitializeResponse, setup: SessionSetup, record: TurnRecord, mute: (on: boolean) => void): Promise<string> {
  const mcpServers: McpServer[] = setup.mcpServers.map((s) => ({name: s.name, command: s.command, args: s.args, env: s.env}))
  const {loadSession, resume} = continuityOf(init)
  const base: NewSessionRequest = {cwd: setup.cwd, mcpServers}
  let sessionId: string | null = null
  let via = 'new'
  if (setup.resumeSessionId && (loadSession || resume)) {
    mute(true)
    try {
      if (loadSession) await ctx.request('session/load', {...base, sessionId: setup.resumeSessionId})
      else await ctx.request('session/resume', {...base, sessionId: setup.resumeSessionId})
      sessionId = setup.resumeSessionId
      via = loadSession ? 'load' : 'resume'
    } catch (error) {
      // A session the agent no longer knows: start fresh rather than fail the wake.
      record.add({acp: 'note', message: `could not continue session ${setup.resumeSessionId}: ${messageOf(error)}`})
    } finally {
      mute(false)
    }
  }
  if (sessionId === null) sessionId = (await ctx.request<NewSessionResponse>('session/new', base)).sessionId
  record.add({acp: 'session', sessionId, via})
  if (setup.modeId) await ctx.request('session/set_mode', {sessionId, modeId: setup.modeId})
  // session/set_model is still an unstable ACP method; agents that offer models answer it.
  if (setup.modelId) await ctx.request('session/set_model', {sessionId, modelId: setup.modelId})
  for (const option of setup.configOptions) await ctx.request('session/set_config_option', {sessionId, configId: option.configId, value: option.value})
  return sessionId
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const data = (error as {data?: unknown}).data
    return data === undefined ? error.message : `${error.message} ${JSON.stringify(data).slice(0, 300)}`
  }
  return String(error)
}
