import {isAbsolute, join, resolve} from 'node:path'
import {prepareTurn} from '@agora/contract'
import type {BuiltCommand, DriveRequest, HarnessDeclaration, TurnInput} from '@agora/contract'
import type {ProbeContext} from './types.js'

/** The static prompt of the live turn (C9); the structural probes build the same turn. */
export const LIVE_PROMPT =
  'agora harness-check live turn. Call the agora MCP tool `whoami` exactly once, reply with the id it returned, ' +
  'and end the turn. Do not create or edit files, do not send messages, do not call any other tool.'

/** The turn harness-check asks a harness to build: kind `check`, a fresh session, the operator's seat. */
export function checkTurnInput(ctx: ProbeContext, decl: HarnessDeclaration, request: DriveRequest): TurnInput {
  return {
    ...request,
    prompt: LIVE_PROMPT,
    kind: 'check',
    lane: 'reception',
    sessionId: null,
    seat: ctx.seat,
    mcp: ctx.mcp,
    workspace: ctx.workspace,
    paths: {
      pluginRoot: ctx.target?.plugin.root ?? ctx.workspace,
      stateDir: join(ctx.seat.home, 'harness-check', decl.name),
    },
  }
}

/** Everything a turn can read, as text (its session calls included): what C4, C5 and C8 search and diff. */
export interface Surface {
  built: BuiltCommand
  text: string
  /** The files whose text is part of the surface (argv-named, carried, workspace config). */
  sources: string[]
}

const MAX_TOKEN = 4096

/**
 * The surface of one built turn: every argv token, the text of any file an argv token names,
 * the files the command carries, its env as JSON, and the workspace config `agora setup` wrote
 * for this harness (its declared `workspace.mcpConfig.path`). Throws the contract's refusal.
 */
export async function buildSurface(ctx: ProbeContext, decl: HarnessDeclaration, request: DriveRequest): Promise<Surface> {
  const turn = prepareTurn(decl, checkTurnInput(ctx, decl, request), ctx.all)
  const built = decl.buildCommand(turn)
  // The prompt is agora's own text: a seat id or command that appears only there proves nothing.
  const parts: string[] = built.argv.map((token) => token.split(turn.prompt).join('<prompt>'))
  const sources: string[] = []
  for (const token of built.argv) {
    if (token === '' || token.includes('\n') || token.length > MAX_TOKEN) continue
    const path = isAbsolute(token) ? token : resolve(ctx.workspace, token)
    const text = await ctx.ports.readFile(path)
    if (text !== null) {
      parts.push(text)
      sources.push(path)
    }
  }
  for (const file of built.files ?? []) {
    parts.push(file.path, file.content)
    sources.push(file.path)
  }
  parts.push(JSON.stringify(built.env))
  if (built.session) parts.push(JSON.stringify(built.session))
  if (built.http) parts.push(JSON.stringify(built.http))
  const config = decl.workspace?.mcpConfig?.path
  if (config) {
    const path = resolve(ctx.workspace, config)
    const text = await ctx.ports.readFile(path)
    if (text !== null) {
      parts.push(text)
      sources.push(path)
    }
  }
  return {built, text: parts.join('\n'), sources}
}

/** Hard items the declaration lists as unmet; with any of them, agora refuses to build a turn. */
export function hardUnmet(decl: HarnessDeclaration, hard: readonly string[]): string[] {
  return decl.unmet.filter((item) => hard.includes(item))
}
