import {randomBytes} from 'node:crypto'
import type {TransportRun, TransportTurn} from '@agora/contract'
import {startMcpEndpoint} from './mcp-endpoint.js'
import type {McpEndpoint} from './mcp-endpoint.js'
import {postRun} from './run-stream.js'
import {exportState, importStateIfMissing, keepState} from './state.js'
import {StreamJudge} from './stream-judge.js'

/** The turn token outlives the turn's own bound by this much, then the hub refuses it. */
const TOKEN_SLACK_S = 60
/** agora/0.4's cap on a turn token's life (`POST /turn-tokens` ttl_seconds 1–1800). */
const TOKEN_TTL_MAX_S = 1800
/** A longer turn would lose its agora tools before its end, so `agora drive` refuses one (httpTransport.longestTurnS). */
export const HTTP_TURN_MAX_S = TOKEN_TTL_MAX_S - TOKEN_SLACK_S
const TERMINAL_GRACE_MS = 1000

/**
 * One turn against an Orca Harness Protocol v1 worker: start agora's HTTP MCP endpoint for the seat
 * (a real `agora-mcp --http` child, which mints the turn token), re-import kept state if the worker
 * lost it, `POST /run` with the envelope, record the NDJSON events until the terminal, then keep
 * the worker's `/state` and end the endpoint (which revokes the token). Timeout or interrupt close
 * the socket, which is Orca's cancel; no terminal is expected after that.
 */
export async function runHttpTurn(turn: TransportTurn): Promise<TransportRun> {
  const started = Date.now()
  const judge = new StreamJudge(turn.onLine)
  const run = turn.http
  const launch = turn.session?.mcpServers.find((s) => s.name === 'agora')
  const finish = (timedOut = false, stderr = ''): TransportRun =>
    ({stdout: judge.stdout(), stderr, exitCode: judge.ended ? 0 : null, timedOut, spawnError: null, durationMs: Date.now() - started})
  if (!run || !launch) {
    judge.error(`orca: the built command carries no ${run ? "agora MCP launch (session.mcpServers 'agora')" : 'run envelope (http)'}`)
    return finish()
  }
  const subtaskId = `agora-${randomBytes(6).toString('hex')}`
  const ttl = Math.min(TOKEN_TTL_MAX_S, Math.ceil(turn.timeoutMs / 1000) + TOKEN_SLACK_S)
  let endpoint: McpEndpoint
  try {
    endpoint = await startMcpEndpoint(launch, turn.env, subtaskId, ttl)
  } catch (error) {
    judge.error((error as Error).message)
    return finish()
  }
  try {
    if (run.stateFile) {
      const note = await importStateIfMissing(run.url, run.sessionId, run.stateFile)
      if (note) judge.note(note)
    }
    const envelope = {
      sessionId: run.sessionId,
      profile: run.profile,
      subtask: {id: subtaskId, sessionId: run.sessionId, prompt: turn.prompt},
      mcpServers: [{name: 'agora', transport: 'http', url: endpoint.url, headers: {Authorization: `Bearer ${endpoint.token}`}}],
      ...(run.skills.length > 0 ? {skills: run.skills} : {}),
    }
    judge.record({orca: 'run', sessionId: run.sessionId, subtaskId, worker: run.url})
    const cancel = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => { timedOut = true; cancel.abort() }, turn.timeoutMs)
    const onAbort = () => cancel.abort()
    turn.signal?.addEventListener('abort', onAbort, {once: true})
    // The terminal ends the run: stop reading there, so a worker that keeps the socket open cannot stall the turn.
    let linger: NodeJS.Timeout | undefined
    const result = await postRun(run.url, envelope, (line) => {
      judge.line(line)
      // After the terminal, a second's grace to catch a protocol violation, then the socket is closed.
      if (judge.ended && !linger) linger = setTimeout(() => cancel.abort(), TERMINAL_GRACE_MS)
    }, cancel.signal)
    clearTimeout(timer)
    clearTimeout(linger)
    turn.signal?.removeEventListener('abort', onAbort)
    if (result.outcome === 'aborted' && judge.ended && !timedOut) judge.note('orca: the worker kept the stream open after its terminal; agora closed it')
    else if (result.outcome === 'aborted') judge.record({orca: 'cancelled', reason: timedOut ? 'timeout' : 'interrupt'})
    else if (result.outcome === 'unreachable') judge.error(`orca: the worker did not answer at ${run.url} (${result.error})`)
    else if (result.outcome === 'refused') judge.error(`orca: the worker refused the envelope with ${result.status}: ${result.body.slice(0, 300)}`)
    else judge.close()
    if (run.stateFile && judge.ended) {
      const kept = await exportState(run.url, run.sessionId)
      if (kept.bytes !== null) keepState(run.stateFile, kept.bytes)
      if (kept.note) judge.note(kept.note)
    }
    return finish(timedOut)
  } finally {
    await endpoint.close()
  }
}
