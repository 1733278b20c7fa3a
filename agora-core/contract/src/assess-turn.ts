import {collectToolOutcomes} from './evidence-tools.js'
import {firstString, matches, parseNdjson, readPath} from './json-path.js'
import type {EvidenceSpec} from './evidence-spec.js'
import type {HarnessDeclaration, TurnVerdict} from './declaration.js'
import type {TurnKind, TurnStage} from './vocabulary.js'

export interface TurnRun {
  stdout: string
  stderr: string
  exitCode: number | null
  timedOut: boolean
  kind: TurnKind
}

/** The agora tool a reception pass (boot, wake) must have called successfully. */
export const RECEPTION_TOOL = 'check_inbox'

/** Provider trouble: applied to stderr and the extracted detail only, never to model prose. */
const PROVIDER_FAILURE = /rate[ _-]?limit|429\b|too many requests|overloaded|\b50[0234]\b|service unavailable|bad gateway|gateway time-?out|econnreset|etimedout|connection reset|connection refused|temporarily unavailable|insufficient[_ ]quota/i

const tail = (text: string, max = 300) => {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)
  const joined = lines.slice(-3).join(' | ')
  return joined.length > max ? joined.slice(joined.length - max) : joined
}

/**
 * Judge one finished turn: ONE interpreter of the declared evidence data, the same rules for every
 * harness. Without evidence, the exit code alone decides.
 */
export function assessTurn(decl: HarnessDeclaration, run: TurnRun): TurnVerdict {
  const spec = decl.evidence
  const notices = spec ? collectNotices(spec, run) : []
  const verdict = spec ? judgeStream(spec, run) : judgeExitCode(run)
  return {...withProviderFailure(verdict, run), notices}
}

type Judged = Omit<TurnVerdict, 'notices'>

function judgeExitCode(run: TurnRun): Judged {
  const base = {tools: [], sessionId: null}
  if (run.timedOut) return {...base, ok: false, stage: 'harness', reason: 'timeout', detail: tail(run.stderr) || 'the turn did not finish in time'}
  if (run.exitCode !== 0) return {...base, ok: false, stage: 'harness', reason: 'nonzero-exit', detail: tail(run.stderr) || `exit code ${run.exitCode}`}
  return {...base, ok: true, stage: null, reason: null, detail: ''}
}

function judgeStream(spec: EvidenceSpec, run: TurnRun): Judged {
  const objects = parseNdjson(run.stdout)
  const outcomes = collectToolOutcomes(spec, objects)
  const tools = outcomes.filter((o) => o.ok).map((o) => o.name)
  const sessionId = findSessionId(spec, objects)
  const fail = (stage: TurnStage, reason: string, detail: string): Judged => ({ok: false, stage, reason, detail, tools, sessionId})
  if (run.timedOut) {
    return tools.length === 0
      ? fail('infrastructure', 'no-tool-calls', tail(run.stderr) || 'the turn timed out before any agora tool call')
      : fail('harness', 'timeout', `the turn timed out after ${tools.length} agora tool call(s)`)
  }
  if (objects.some((o) => spec.mcpDown.some((m) => matches(o, m)))) {
    return fail('mcp-init', 'required-server-unavailable', "agora's MCP server did not start in this turn")
  }
  const errors = objects.flatMap((o) => {
    const rule = spec.errors.find((e) => matches(o, e.match))
    return rule ? [firstString(o, rule.message) ?? 'error event'] : []
  })
  if (run.exitCode !== 0 || errors.length > 0) {
    const text = `${run.stdout}\n${run.stderr}`.toLowerCase()
    const known = spec.failureClasses.find((c) => c.when.every((w) => text.includes(w.toLowerCase())))
    const said = known && `${run.stderr}\n${run.stdout}`.split(/\r?\n/).find((l) => l.toLowerCase().includes((known.when[0] ?? '').toLowerCase()))
    const detail = errors.join('; ') || (said ? said.trim().slice(0, 300) : '') || tail(run.stderr) || `exit code ${run.exitCode}`
    if (known) return fail(known.stage, known.reason, detail)
    return fail('harness', errors.length > 0 ? 'turn-failed' : 'nonzero-exit', detail)
  }
  if (spec.terminal.length > 0 && !objects.some((o) => spec.terminal.some((m) => matches(o, m)))) {
    return fail('harness', spec.terminalMissing, 'the stream ended without its terminal event')
  }
  const unresolved = new Map<string, string>()
  for (const o of outcomes) {
    if (o.ok) unresolved.delete(o.name)
    else unresolved.set(o.name, o.detail)
  }
  const [failedTool] = unresolved.entries()
  if (failedTool) {
    return fail(spec.toolFailure.stage, spec.toolFailure.reason.replaceAll('{tool}', failedTool[0]), `${failedTool[0]}: ${failedTool[1]}`)
  }
  if (tools.length === 0) return fail('mcp-use', 'no-agora-tool-call', 'the turn made no successful agora tool call')
  if ((run.kind === 'boot' || run.kind === 'wake') && !tools.includes(RECEPTION_TOOL)) {
    return fail('mcp-use', 'incomplete-reception-pass', `a ${run.kind} turn must call ${RECEPTION_TOOL}; tools: ${tools.join(', ')}`)
  }
  return {ok: true, stage: null, reason: null, detail: '', tools, sessionId}
}

function findSessionId(spec: EvidenceSpec, objects: Array<Record<string, unknown>>): string | null {
  for (const o of objects) {
    for (const rule of spec.sessionId) {
      const [path, where] = typeof rule === 'string' ? [rule, null] : [rule.path, rule.match]
      if (where && !matches(o, where)) continue
      const found = readPath(o, path)
      if (typeof found === 'string' && found) return found
    }
  }
  return null
}

function withProviderFailure(verdict: Judged, run: TurnRun): Judged {
  if (verdict.ok || verdict.stage === 'harness-config') return verdict
  if (verdict.stage === 'infrastructure' && !run.timedOut) return verdict
  const hit = PROVIDER_FAILURE.exec(`${run.stderr}\n${verdict.detail}`)
  if (!hit) return verdict
  return {...verdict, stage: 'infrastructure', reason: 'provider-failure', detail: `${hit[0]}: ${verdict.detail}`}
}

function collectNotices(spec: EvidenceSpec, run: TurnRun): string[] {
  const seen = new Set<string>()
  for (const rule of spec.notices) {
    for (const line of (rule.stream === 'stdout' ? run.stdout : run.stderr).split(/\r?\n/)) {
      if (rule.contains.every((c) => line.includes(c))) seen.add(rule.notice.replaceAll('{line}', line.trim()))
    }
  }
  return [...seen]
}
