import {rmSync} from 'node:fs'
import {join} from 'node:path'

import {activeHarness, armRefusal, mcpBindingEnv, prepareTurn, resolvePermissions, transportOf} from '@agora/contract'
import type {DiscoveredHarness, DriveRequest, HarnessDeclaration, PermissionLevel, SeatBinding} from '@agora/contract'
import {DEFAULT_HUB_URL, normalizeUrl, readConfig, readSeatRecord} from '@agora/home'
import type {SeatRecord} from '@agora/home'

import {liveHolder, pidAlive, readPidFile, writePidFile} from '../pidfile.js'
import {DRIVER_FRESH_S, seatFiles} from '../seat-files.js'
import type {SeatFiles} from '../seat-files.js'
import {mcpSelfCheck, onPath, resolveMcpCommand} from './preflight.js'
import {CredentialInTurnEnv, turnEnv} from './turn-env.js'

/** An arm-time refusal: printed as is, nothing started, nothing written. */
export class DriveRefusal extends Error {}

export interface ArmFlags {
  harness?: string
  as?: string
  url?: string
  model?: string
  provider?: string
  reasoningEffort?: string
  permissions?: string
  harnessArg?: string[]
  force?: boolean
}

export interface ArmContext {
  cwd: string
  home: string
  env: NodeJS.ProcessEnv
  found: DiscoveredHarness[]
  out(line: string): void
  /** The running agora script, whose sibling agora-mcp the turns launch. */
  agoraScript?: string
}

export interface Armed {
  decl: HarnessDeclaration
  all: HarnessDeclaration[]
  pluginRoot: string
  seat: SeatBinding
  request: DriveRequest
  mcpCommand: string
  mcpSdk: string
  permissions: PermissionLevel
  files: SeatFiles
}

export function parseHarnessArgs(pairs: string[] = []): Array<[string, string]> {
  return pairs.map((pair) => {
    const eq = pair.indexOf('=')
    if (eq <= 0) throw new DriveRefusal(`--harness-arg takes KEY=VALUE, got '${pair}'`)
    return [pair.slice(0, eq), pair.slice(eq + 1)] as [string, string]
  })
}

function chooseHarness(flags: ArmFlags, found: DiscoveredHarness[], seat: SeatRecord | undefined): HarnessDeclaration {
  const installed = found.filter((h) => h.active).map((h) => h.name)
  const pick = (name: string): HarnessDeclaration => {
    const decl = activeHarness(found, name)
    if (!decl) throw new DriveRefusal(`no installed plugin declares the harness '${name}' (installed: ${installed.join(', ') || 'none'}); install its plugin with \`agora plugins install <package>\``)
    return decl
  }
  if (flags.harness && flags.harness !== 'auto') {
    if (seat && !seat.harnesses.includes(flags.harness)) {
      throw new DriveRefusal(`the '${flags.harness}' harness is not wired in this folder (wired: ${seat.harnesses.join(', ') || 'none'}); run \`agora setup ${seat.agent_id} --harness ${flags.harness}\` here first`)
    }
    return pick(flags.harness)
  }
  if (!seat) throw new DriveRefusal('this folder is not an agora seat (no .agora/seat.json); run `agora setup <id> --harness <name>` here, or pass --harness and --as')
  if (seat.default_drive_harness) return pick(seat.default_drive_harness)
  const [only, ...others] = seat.harnesses
  if (only !== undefined && others.length === 0) return pick(only)
  if (seat.harnesses.length === 0) throw new DriveRefusal(`no harness is wired in this folder; run \`agora setup ${seat.agent_id} --harness <name>\` here`)
  throw new DriveRefusal(`several harnesses are wired here (${seat.harnesses.join(', ')}); choose one with \`agora drive --harness <name>\``)
}

/** The contract's named limitations of a declaration, as printed on the ready line. */
export function limitations(decl: HarnessDeclaration): string[] {
  const out: string[] = []
  if (decl.unmet.includes('evidence') || !decl.evidence) out.push('evidence=exit-code-only')
  if (decl.unmet.includes('continuity') || decl.continuity === 'none') out.push('continuity=none')
  if (decl.identityScope === 'process') out.push('identity=process-scoped')
  if (decl.toolReach === 'external') out.push('tool-reach=unverified')
  if (decl.unmet.includes('sandbox')) out.push('sandbox=none')
  if (decl.unmet.includes('model')) out.push('model=harness-default')
  return out
}

/**
 * Arm a driven seat: validate the request before anything else, resolve the
 * harness and identity, preflight the binary and agora-mcp, take the seat's driver pidfile, print
 * the ready line. Throws DriveRefusal with a one-line fix on any refusal.
 */
export async function armDrive(flags: ArmFlags, ctx: ArmContext): Promise<Armed> {
  const all = ctx.found.filter((h) => h.active && h.declaration).map((h) => h.declaration!)
  const harnessArgs = parseHarnessArgs(flags.harnessArg)
  const request: DriveRequest = {
    model: flags.model ?? null, provider: flags.provider ?? null, reasoning: flags.reasoningEffort ?? null,
    permissions: (flags.permissions as PermissionLevel | undefined) ?? null, harnessArgs,
  }
  const seat = readSeatRecord(ctx.cwd)
  const decl = chooseHarness(flags, ctx.found, seat)
  const refusal = armRefusal(decl, request, all)
  if (refusal) throw new DriveRefusal(refusal)

  const agentId = flags.as?.trim() || seat?.agent_id || ctx.env.AGORA_AGENT_ID?.trim()
  if (!agentId) throw new DriveRefusal('no seat identity: pass --as <id>, or run `agora setup <id>` in this folder')
  const url = normalizeUrl(flags.url?.trim() || seat?.url || ctx.env.AGORA_URL?.trim() || readConfig(ctx.home).url || DEFAULT_HUB_URL)
  for (const [variable, configured, ambient] of [['AGORA_AGENT_ID', agentId, ctx.env.AGORA_AGENT_ID], ['AGORA_URL', url, ctx.env.AGORA_URL]] as const) {
    if (ambient?.trim() && normalizeUrl(ambient) !== configured && !flags[variable === 'AGORA_URL' ? 'url' : 'as']) {
      ctx.out(`AGORA_DRIVE event=config status=ignored reason=workspace-seat-wins variable=${variable} ambient=${ambient.trim()} configured=${configured}`)
    }
  }
  const binding: SeatBinding = {agentId, url, home: ctx.home, about: seat?.about ?? ''}

  const sample = prepareTurn(decl, {...request, prompt: 'arm check', kind: 'boot', lane: 'reception', sessionId: null, seat: binding, mcp: {command: 'agora-mcp', args: [], env: mcpBindingEnv(binding)}, workspace: ctx.cwd, paths: {pluginRoot: '', stateDir: ''}}, all)
  try {
    turnEnv({}, decl.buildCommand(sample).env)
  } catch (error) {
    if (error instanceof CredentialInTurnEnv) throw new DriveRefusal(`the '${decl.name}' plugin is unsafe to drive: ${error.message}`)
    throw error
  }
  // An Orca worker (transport http) is a URL, not a binary: its /health is C1's business, and a turn reports it unreachable.
  if (transportOf(decl) !== 'http' && !onPath(decl.binary, ctx.env.PATH)) {
    throw new DriveRefusal(`the '${decl.name}' harness needs \`${decl.binary}\` on PATH and it is not there; install it or fix PATH, then re-run (\`agora harness-check ${decl.name}\` explains more)`)
  }
  const mcpCommand = resolveMcpCommand(ctx.agoraScript)
  const check = await mcpSelfCheck(mcpCommand, turnEnv(ctx.env, mcpBindingEnv(binding)))
  if (!check.ok) throw new DriveRefusal(`agora's MCP server failed its self-check (${mcpCommand} --self-check): ${check.detail}; a driven turn could not reach the hub`)

  const files = seatFiles(ctx.home, agentId)
  const driver = liveHolder(files.drivePid, DRIVER_FRESH_S)
  if (driver !== undefined && driver !== process.pid) {
    throw new DriveRefusal(`agora drive (pid ${driver}) already drives ${agentId} (${files.drivePid}); stop it first — two drivers would answer every wake twice`)
  }
  const listener = readPidFile(files.listenPid)
  if (listener && Date.now() - listener.mtimeMs < 600_000 && listener.pid !== process.pid) {
    if (pidAlive(listener.pid) && !flags.force) {
      throw new DriveRefusal(`a session listener (pid ${listener.pid}) is armed for ${agentId}; stop that session's \`agora listen\` or pass --force`)
    }
    if (!pidAlive(listener.pid)) ctx.out(`AGORA_DRIVE warn=recent-listener agent=${agentId} pid=${listener.pid}`)
  }
  writePidFile(files.drivePid)
  rmSync(files.listenOwedsig, {force: true})
  return {decl, all, pluginRoot: ctx.found.find((h) => h.active && h.name === decl.name)!.plugin.root, seat: binding, request, mcpCommand, mcpSdk: check.mcpSdk, permissions: resolvePermissions(decl, request.permissions), files}
}

/** The ready line and arm-time warnings: permissions and every limitation named. */
export function announceReady(armed: Armed, workBudget: number, out: (line: string) => void): void {
  const {decl, seat, request} = armed
  const model = request.model || decl.defaults.model || 'harness-default'
  const reasoning = request.reasoning || decl.defaults.reasoning
  const limits = limitations(decl)
  let line = `AGORA_DRIVE event=ready status=ok agent=${seat.agentId} harness=${decl.name} hub=${seat.url} mcp=required mcp_sdk=${armed.mcpSdk} mcp_command=${armed.mcpCommand} permissions=${armed.permissions} model=${model}`
  if (request.provider) line += ` provider=${request.provider}`
  if (reasoning) line += ` reasoning_effort=${reasoning}`
  if (request.harnessArgs?.length) line += ` harness_args=${request.harnessArgs.map(([k]) => k).join(',')}`
  out(`${line} work_budget=${workBudget}/h limitations=${limits.join(',') || 'none'}`)
  if (!decl.defaults.modelFitForDriving && model === 'harness-default') {
    out(`AGORA_DRIVE warn agent=${seat.agentId} harness=${decl.name} reason=no-model-resolved — the framework's own default model is not fit to drive a seat; pass --model`)
  }
  if (decl.identityScope === 'process') out(`AGORA_DRIVE warn=identity-scope agent=${seat.agentId} harness=${decl.name} scope=process`)
  for (const knob of decl.advisory) {
    const value = knob === 'permissions' ? armed.permissions : knob === 'reasoning' ? reasoning : knob === 'model' ? request.model : knob === 'provider' ? request.provider : null
    if (value) out(`AGORA_DRIVE warn=advisory-knob agent=${seat.agentId} harness=${decl.name} knob=${knob} value=${value} — forwarded, not guaranteed by the framework`)
  }
}

export const stateDirFor = (home: string, agentId: string, harness: string): string => join(home, `harness-state`, agentId, harness)
