import type {LeaseCheck} from '@agora/client'
import {findWorkspace, repoPath} from '@agora/home'
import {existsSync} from 'node:fs'
import {dirname, isAbsolute, resolve} from 'node:path'

import {clampName} from '../listen/sentinel.js'
import {patchPaths} from './patch-paths.js'

/** Asks the hub whether this seat may write these repository paths. */
export type LeaseCheckPort = (workspace: string, paths: string[]) => Promise<LeaseCheck>

export interface GateResult {
  output: Record<string, unknown> | null
  outcome: 'no-path' | 'outside-repo' | 'clear' | 'held' | 'unavailable'
  warning?: string
}

/**
 * String values at these `tool_input` fields (a field may also carry a list of paths), plus the files
 * named by the apply_patch bodies at `patchFields`.
 */
export function targetPaths(payload: Record<string, unknown>, fields: string[], patchFields: string[] = []): string[] {
  const input = payload.tool_input
  if (!input || typeof input !== 'object') return []
  const record = input as Record<string, unknown>
  const direct = fields.flatMap((f) => {
    const v = record[f]
    if (typeof v === 'string' && v) return [v]
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []
  })
  const patched = patchFields.flatMap((f) => (typeof record[f] === 'string' ? patchPaths(record[f] as string) : []))
  return [...direct, ...patched]
}

const clock = (s: number): string => new Date(s * 1000).toISOString().slice(11, 16)

/** What the agent reads when refused: who holds it, until when, where to ask, and that reads stay open. */
export function refusalText(check: LeaseCheck): string {
  const first = check.conflicts[0]
  if (first === undefined) {
    // The hub lists every conflict of a refused check; one listing none is still a refusal, in its own words.
    return `AGORA LEASE — this write was refused and nothing changed: ${check.detail}. Reading these files is never blocked; check with \`agora lease list\`.`
  }
  const where = first.channel ? `ask in #${clampName(first.channel)}` : `ask ${clampName(first.holder)}`
  const more = check.conflicts.length > 1 ? ` (${check.conflicts.length - 1} more held path(s): ${check.detail})` : ''
  return `AGORA LEASE — \`${first.path}\` is held by ${clampName(first.holder)} until ${clock(first.expires_at)} UTC; ${where} or work elsewhere. ` +
    `This write to ${first.requested} was refused and nothing changed${more}. Reading these files is never blocked; check with \`agora lease list\`.`
}

/**
 * The PreToolUse lease gate. It refuses a write only when the hub says another seat holds the path
 * exclusively. An unreachable hub lets the write through with a warning: a lease is a reservation
 * between seats, and a hub outage must not stop every seat from editing.
 */
export async function leaseGate(payload: Record<string, unknown>, fields: string[], check: LeaseCheckPort, fallbackCwd = process.cwd(), patchFields: string[] = []): Promise<GateResult> {
  const targets = targetPaths(payload, fields, patchFields)
  if (targets.length === 0) return {output: null, outcome: 'no-path'}
  const cwd = typeof payload.cwd === 'string' && isAbsolute(payload.cwd) ? payload.cwd : fallbackCwd
  const byWorkspace = new Map<string, Set<string>>()
  for (const target of targets) {
    const abs = isAbsolute(target) ? target : resolve(cwd, target)
    let dir = dirname(abs)
    while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir)
    const ws = findWorkspace(dir)
    const mapped = ws ? repoPath(ws, abs, cwd) : null
    if (!ws || !mapped) continue
    const set = byWorkspace.get(ws.id) ?? new Set<string>()
    set.add(mapped.path)
    if (mapped.real) set.add(mapped.real)
    byWorkspace.set(ws.id, set)
  }
  if (byWorkspace.size === 0) return {output: null, outcome: 'outside-repo'}
  for (const [workspace, paths] of byWorkspace) {
    let answer: LeaseCheck
    try {
      answer = await check(workspace, [...paths])
    } catch (error) {
      return {output: null, outcome: 'unavailable', warning: `agora hook PreToolUse: lease check unavailable, write allowed: ${(error as Error).message}`}
    }
    if (!answer.clear) {
      return {outcome: 'held', output: {hookSpecificOutput: {hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: refusalText(answer)}}}
    }
  }
  return {output: null, outcome: 'clear'}
}
