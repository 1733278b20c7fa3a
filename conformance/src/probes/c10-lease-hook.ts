import type {HarnessDeclaration} from '@agora/contract'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import type {Probe} from '../types.js'
import {declarationOf} from './declaration-of.js'

/** Every handler command under one event of a matcher-groups hooks file, with its group's matcher. */
function handlers(doc: unknown, event: string): Array<{matcher: string; command: string}> {
  const groups = (doc as {hooks?: Record<string, unknown>})?.hooks?.[event]
  if (!Array.isArray(groups)) return []
  return groups.flatMap((g: {matcher?: unknown; hooks?: unknown}) => (Array.isArray(g?.hooks) ? g.hooks : [])
    .map((h: {command?: unknown}) => ({matcher: typeof g.matcher === 'string' ? g.matcher : '', command: typeof h?.command === 'string' ? h.command : ''})))
}

const GIT_GUARD = 'leases bind this harness only through the git guard (agora guard install)'

/** The plugin-carried gate (a plugin or extension file): the file setup wrote must carry it for every tool. */
function pluginGate(decl: HarnessDeclaration, workspace: string): {status: 'PASS' | 'WARN'; detail: string; details?: Record<string, unknown>} {
  const gate = decl.workspace.leaseGate!
  let text: string
  try {
    text = readFileSync(join(workspace, gate.file), 'utf8')
  } catch {
    return {status: 'WARN', detail: `declared (${gate.tools.join(', ')}) but not wired in this workspace: ${gate.file} is missing (hooks off, or never set up); run \`agora setup <id> --harness ${decl.name}\``}
  }
  const quoted = (word: string) => text.includes(`'${word}'`) || text.includes(`"${word}"`)
  if (!text.includes('PreToolUse') || !gate.tools.every(quoted) || !gate.pathFields.every(quoted)) {
    return {status: 'WARN', detail: `declared (${gate.tools.join(', ')}) but ${gate.file} carries no agora lease gate for them (an older setup); re-run \`agora setup <id> --harness ${decl.name}\``}
  }
  return {status: 'PASS', detail: `writes through ${gate.tools.join(', ')} are gated by \`agora hook PreToolUse\` from ${gate.file} (${gate.pathFields.join(', ')})`, details: {tools: gate.tools, pathFields: gate.pathFields, file: gate.file}}
}

/**
 * The lease gate (`lease-hook`): a harness whose declaration has a pre-tool hook gets `agora hook
 * PreToolUse` wired by `agora setup` for its file-writing tools, either in its hooks file (workspace.hooks.preToolUse) or in
 * a plugin file the harness loads (workspace.leaseGate). This probe reads what setup wrote;
 * the gate's refusal itself is exercised against real harness turns in agora's own tests.
 * Unwired or unmet is reported, never a limitation: leases are a coordination aid, not a drive capability.
 */
export const c10LeaseHook: Probe = {
  id: 'C10',
  capability: 'lease-hook',
  needs: ['C0'],
  kind: 'structural',
  async run(ctx) {
    const decl = declarationOf(ctx)
    const gate = decl.workspace.hooks?.preToolUse
    if (decl.unmet.includes('lease-hook')) {
      return {status: 'SKIP', detail: `declared unmet: no pre-tool hook can refuse a file write here; ${GIT_GUARD}`}
    }
    if (decl.workspace.leaseGate) return pluginGate(decl, ctx.workspace)
    if (!gate && decl.transport === 'acp') {
      return {status: 'SKIP', detail: `not available over ACP: agora sees an agent's tool call only as it runs (session/update), with no hook to refuse it first; ${GIT_GUARD}`}
    }
    if (!gate) {
      return {status: 'SKIP', detail: `not declared: the declaration names no pre-tool gate (workspace.hooks.preToolUse or workspace.leaseGate) and does not list 'lease-hook' in unmet (it predates leases); ${GIT_GUARD}`}
    }
    const path = join(ctx.workspace, decl.workspace.hooks!.path)
    let doc: unknown
    try {
      doc = JSON.parse(readFileSync(path, 'utf8'))
    } catch {
      return {status: 'WARN', detail: `declared (${gate.matcher}) but not wired in this workspace: ${decl.workspace.hooks!.path} is missing or unreadable; run \`agora setup <id> --harness ${decl.name}\``}
    }
    const fields = [...gate.pathFields.map((f) => `--path-field ${f}`), ...(gate.patchFields ?? []).map((f) => `--patch-field ${f}`)]
    const named = [...gate.pathFields, ...(gate.patchFields ?? []).map((f) => `${f} as apply_patch`)].join(', ')
    const wired = handlers(doc, 'PreToolUse').find((h) => h.matcher === gate.matcher && / hook PreToolUse /.test(` ${h.command} `) && fields.every((f) => h.command.includes(f)))
    if (!wired) {
      return {status: 'WARN', detail: `declared (${gate.matcher}) but ${decl.workspace.hooks!.path} has no agora PreToolUse gate for it (hooks off, or an older setup); re-run \`agora setup <id> --harness ${decl.name}\``}
    }
    return {status: 'PASS', detail: `writes through ${gate.matcher} are gated by \`agora hook PreToolUse\` (${named})`, details: {matcher: gate.matcher, pathFields: gate.pathFields, ...(gate.patchFields ? {patchFields: gate.patchFields} : {})}}
  },
}
