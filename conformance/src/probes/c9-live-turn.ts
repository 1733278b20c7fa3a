import {assessTurn, bareToolName, transportOf} from '@agora/contract'
import type {HarnessDeclaration} from '@agora/contract'
import type {Probe} from '../types.js'
import {TURN_MARKER, scrubAgoraEnv, seconds} from '../env.js'
import {LIVE_PROMPT, buildSurface} from '../surface.js'
import {declarationOf} from './declaration-of.js'
import {refusalText} from './refusal.js'

/** Whether a tool list holds `whoami`, bare or in any of the harness's prefixed forms. */
export function calledWhoami(decl: HarnessDeclaration, tools: string[]): boolean {
  const prefixes = decl.evidence?.toolNamePrefixes ?? []
  return tools.some((tool) => tool === 'whoami' || bareToolName(tool, prefixes) === 'whoami')
}

/**
 * One real turn: the live prompt through the harness's own command, judged by its evidence stream
 * (ok and whoami called) or, failing that, by the hub's presence record advancing during the turn.
 */
export const c9LiveTurn: Probe = {
  id: 'C9',
  capability: 'live-turn',
  needs: ['C0', 'C1', 'C2', 'C3', 'C4', 'C5'],
  kind: 'live',
  async run(ctx) {
    const decl = declarationOf(ctx)
    // Without a hub the turn cannot reach agora, and a harness that fakes success must not pass.
    const down = await ctx.ports.hub.unreachable()
    if (down !== null) {
      return {status: 'FAIL', detail: `no hub answers at ${ctx.seat.url} (${down}): start one with \`agora up\`, or pass --url <hub>`}
    }
    let built
    try {
      built = (await buildSurface(ctx, decl, ctx.liveRequest)).built
    } catch (error) {
      const refusal = refusalText(error)
      if (refusal === null) throw error
      return {status: 'FAIL', detail: `the live request is refused: ${refusal}`}
    }
    for (const file of built.files ?? []) await ctx.ports.writeFile(file.path, file.content)
    const before = ctx.ports.hub.reader === null ? -1 : await ctx.ports.hub.presenceUpdatedAt(ctx.seat.agentId)
    const run = await ctx.ports.transport(transportOf(decl)).runTurn({
      argv: built.argv,
      cwd: ctx.workspace,
      env: {...scrubAgoraEnv(ctx.env), ...built.env, ...TURN_MARKER},
      timeoutMs: ctx.timeouts.liveMs,
      prompt: LIVE_PROMPT,
      session: built.session ?? null,
      http: built.http ?? null,
    })
    const verdict = assessTurn(decl, {stdout: run.stdout, stderr: run.stderr, exitCode: run.exitCode, timedOut: run.timedOut, kind: 'check'})
    const took = seconds(run.durationMs)
    const details = {exitCode: run.exitCode, timedOut: run.timedOut, durationMs: run.durationMs, tools: verdict.tools, stage: verdict.stage, reason: verdict.reason}
    if (verdict.ok && calledWhoami(decl, verdict.tools)) {
      return {status: 'PASS', detail: `one real turn called whoami (tools: ${verdict.tools.join(', ')}) in ${took}`, details}
    }
    if (before >= 0) {
      const after = await ctx.ports.hub.presenceUpdatedAt(ctx.seat.agentId)
      if (after > before) {
        return {
          status: 'PASS',
          detail: `hub presence advanced during the turn — it authenticated as this seat (read with ${ctx.ports.hub.reader}) in ${took}`,
          details: {...details, presence: {before, after}},
        }
      }
    }
    const why = run.spawnError ?? (run.timedOut ? `timed out after ${Math.round(ctx.timeouts.liveMs / 1000)}s` : null)
    const judged = verdict.ok
      ? `the turn ended ok but never called whoami (tools: ${verdict.tools.join(', ') || 'none'})`
      : `stage=${verdict.stage} reason=${verdict.reason} ${verdict.detail}`.trim()
    const hub = ctx.ports.hub.reader === null
      ? "; hub presence not consulted (only the seat's own key could read it, and that read would advance it)"
      : before < 0 ? `; hub presence could not be read with ${ctx.ports.hub.reader}` : ''
    const tails = {stdoutTail: run.stdout.slice(-2000), stderrTail: run.stderr.slice(-2000)}
    return {status: 'FAIL', detail: `${why ? `${why}; ` : ''}${judged}${hub}`, details: {...details, ...tails}}
  },
}
