import {client} from '@agentclientprotocol/sdk'
import type {ClientContext} from '@agentclientprotocol/sdk'
import type {TransportRun, TransportTurn} from '@agora/contract'
import {startAgent} from './agent-process.js'
import {continuityOf, initializeParams, messageOf, openSession} from './open-session.js'
import {answerPermission} from './permission.js'
import {TurnRecord} from './turn-record.js'

export interface AcpTimings {
  /** How long an agent may take to answer `initialize` (it has no model call to make). */
  initializeTimeoutMs: number
  /** After `session/cancel`, how long the agent has to answer the prompt with `cancelled`. */
  cancelGraceMs: number
  /** After stdin closes, how long the agent has to exit before its group is killed. */
  exitGraceMs: number
}

export const ACP_TIMINGS: AcpTimings = {initializeTimeoutMs: 30_000, cancelGraceMs: 5_000, exitGraceMs: 2_000}

const sleep = (ms: number) => new Promise<'slept'>((resolve) => setTimeout(() => resolve('slept'), ms).unref())

/** A line that is not a JSON object: the SDK answers it with a parse error and carries on; the record names it. */
function malformed(line: string): boolean {
  try {
    const value = JSON.parse(line) as unknown
    return value === null || typeof value !== 'object' || Array.isArray(value)
  } catch {
    return true
  }
}

/**
 * One turn over ACP: initialize → session/new (or load/resume) with agora's stdio MCP server →
 * knobs → session/prompt, recording every session/update until the stopReason. Permission requests
 * are answered at once from the seat's level. On timeout or interrupt: session/cancel, a grace for the
 * `cancelled` stop, then the process group. Then stdin closes and the agent is reaped.
 * `exitCode` is 0 once the prompt answered (the protocol, not the exit status, ends an ACP turn).
 */
export async function runAcpTurn(turn: TransportTurn, timings: AcpTimings = ACP_TIMINGS): Promise<TransportRun> {
  const started = Date.now()
  const record = new TurnRecord(turn.onLine)
  const setup = turn.session
  if (setup === null) {
    record.error('acp: the built command carries no session calls')
    return {stdout: record.stdout(), stderr: '', exitCode: null, timedOut: false, spawnError: null, durationMs: 0}
  }
  const agent = startAgent(turn, (line) => {
    if (malformed(line)) record.add({acp: 'note', message: `acp: malformed line from the agent, answered with a parse error: ${line.slice(0, 200)}`})
  })
  let muted = false
  let cancelling = false
  let context: ClientContext | null = null
  let sessionId: string | null = null
  // Tool calls by id as announced in session/update: a permission request may carry a generic title instead.
  const announced = new Map<string, string>()
  // Agents differ in how a tool call first appears (a tool_call, a permission request, or straight a
  // completed tool_call_update); the record marks the first sight so the evidence can pair call and outcome.
  const seen = new Set<string>()
  const firstSeen = (id: string): {firstSeen?: true} => (seen.has(id) ? {} : (seen.add(id), {firstSeen: true}))
  const app = client({name: 'agora'})
    .onNotification('session/update', ({params}) => {
      const update = params.update
      if (muted) return
      if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update') return record.add({acp: 'update', update})
      if (update.title) announced.set(update.toolCallId, update.title)
      record.add({acp: 'update', update, ...firstSeen(update.toolCallId)})
    })
    .onRequest('session/request_permission', ({params}) => {
      const title = params.toolCall.title ?? params.toolCall.toolCallId
      if (cancelling) {
        record.add({acp: 'permission', toolCallId: params.toolCall.toolCallId, title, kind: params.toolCall.kind ?? 'other', answer: 'cancelled', refused: false})
        return {outcome: {outcome: 'cancelled'}}
      }
      const titles = [title, announced.get(params.toolCall.toolCallId) ?? ''].filter(Boolean)
      const answer = answerPermission(setup.permissions, {toolCall: {titles, kind: params.toolCall.kind}, options: params.options})
      const chosen = answer.outcome.outcome === 'selected' ? params.options.find((o) => o.optionId === (answer.outcome as {optionId: string}).optionId)?.kind : 'cancelled'
      record.add({acp: 'permission', toolCallId: params.toolCall.toolCallId, title, kind: answer.kind, answer: chosen ?? 'cancelled', refused: answer.refused, ...firstSeen(params.toolCall.toolCallId)})
      if (answer.refused) record.note(`harness-refused-tool: ${title} (kind ${answer.kind}) refused at permission level ${setup.permissions}`)
      return {outcome: answer.outcome}
    })

  const conversation = app.connectWith(agent.stream, async (ctx) => {
    context = ctx
    const init = await Promise.race([
      ctx.request('initialize', initializeParams),
      sleep(timings.initializeTimeoutMs).then(() => {
        throw new Error(`acp: no answer to initialize within ${Math.round(timings.initializeTimeoutMs / 1000)}s`)
      }),
    ])
    record.add({acp: 'initialized', agent: init.agentInfo ?? null, ...continuityOf(init)})
    sessionId = await openSession(ctx, init, setup, record, (on) => (muted = on))
    const response = await ctx.request('session/prompt', {sessionId, prompt: [{type: 'text', text: turn.prompt}]})
    record.add({acp: 'stop', stopReason: response.stopReason})
  }).then(() => null, (error: unknown) => error)

  let timedOut = false
  let aborted = false
  const cancel = async (): Promise<void> => {
    cancelling = true
    if (context && sessionId) {
      record.add({acp: 'cancel', sessionId})
      await (context as ClientContext).notify('session/cancel', {sessionId}).catch(() => {})
    }
  }
  const deadline = sleep(turn.timeoutMs).then(() => 'timeout' as const)
  const abort = new Promise<'abort'>((resolve) => turn.signal?.addEventListener('abort', () => resolve('abort'), {once: true}))
  const exited = agent.exited.then((exit) => ({exit}))
  let first = await Promise.race([conversation.then((error) => ({error})), exited, deadline, abort])
  if (first === 'timeout' || first === 'abort') {
    timedOut = first === 'timeout'
    aborted = first === 'abort'
    // An interrupt is cancelled like a timeout: session/cancel, then the agent's own `cancelled` stop within the grace.
    await cancel()
    first = await Promise.race([conversation.then((error) => ({error})), sleep(timings.cancelGraceMs).then(() => ({error: new Error(aborted ? 'acp: interrupted; no stop after session/cancel' : 'acp: no stop after session/cancel')}))])
  }
  if (!('exit' in first) && first.error && !record.stopped) {
    // A closed connection is usually the agent dying: name the exit when it follows at once.
    const exit = await Promise.race([agent.exited, sleep(300).then(() => null)])
    if (exit && !exit.spawnError) first = {exit}
  }
  if ('exit' in first) {
    const {exit} = first
    // Let the SDK see the closed pipe first, so a late stop line still counts.
    const late = await Promise.race([conversation, sleep(200).then(() => undefined)])
    if (!record.stopped) {
      if (exit.spawnError) record.error(`acp: the agent could not start: ${exit.spawnError}`)
      else record.error(`acp: the agent exited mid-turn (code ${exit.code ?? exit.signal})${late ? `: ${messageOf(late)}` : ''}`)
    }
  } else if (first.error && !record.stopped) {
    record.error(messageOf(first.error))
  }
  agent.closeStdin()
  if ((await Promise.race([agent.exited, sleep(timings.exitGraceMs)])) === 'slept') agent.killGroup('SIGTERM')
  agent.killGroup('SIGKILL')
  const exit = await Promise.race([agent.exited, sleep(timings.exitGraceMs).then(() => null)])
  return {
    stdout: record.stdout(),
    stderr: record.stderr(agent.stderr()),
    exitCode: record.stopped ? 0 : (exit?.code ?? null),
    timedOut,
    spawnError: exit?.spawnError ?? null,
    durationMs: Date.now() - started,
  }
}
