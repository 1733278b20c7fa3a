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

/**
 * The lease gate (`lease-hook`): a harness whose declaration has a pre-tool hook gets `agora hook
 * PreToolUse` wired by `agora setup` for its file-writing tools. This probe reads the workspace's
 * hooks file; the gate's refusal itself is exercised against a real harness turn in agora's own tests.
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
    if (!gate || decl.unmet.includes('lease-hook')) {
      return {status: 'SKIP', detail: 'declared unmet: no pre-tool hook can refuse a file write here; leases bind this harness only through the git guard (agora guard install)'}
    }
    const path = join(ctx.workspace, decl.workspace.hooks!.path)
    let doc: unknown
    try {
      doc = JSON.parse(readFileSync(path, 'utf8'))
    } catch {
      return {status: 'WARN', detail: `declared (${gate.matcher}) but not wired in this workspace: ${decl.workspace.hooks!.path} is missing or unreadable; run \`agora setup <id> --harness ${decl.name}\``}
    }
    const fields = gate.pathFields.map((f) => `--path-field ${f}`)
    const wired = handlers(doc, 'PreToolUse').find((h) => h.matcher === gate.matcher && / hook PreToolUse /.test(` ${h.command} `) && fields.every((f) => h.command.includes(f)))
    if (!wired) {
      return {status: 'WARN', detail: `declared (${gate.matcher}) but ${decl.workspace.hooks!.path} has no agora PreToolUse gate for it (hooks off, or an older setup); re-run \`agora setup <id> --harness ${decl.name}\``}
    }
    return {status: 'PASS', detail: `writes through ${gate.matcher} are gated by \`agora hook PreToolUse\` (${gate.pathFields.join(', ')})`, details: {matcher: gate.matcher, pathFields: gate.pathFields}}
  },
}
