import {expect} from 'chai'
import {ACP_EVIDENCE, assessTurn} from '@agora/contract'
import type {HarnessDeclaration} from '@agora/contract'
import {runAcpTurn} from '../../src/acp/run-turn.js'
import {pidAlive} from '../helpers.js'
import {fakeTurn, recordOf} from './fake-agent.js'
import {the} from '../../../../test/helpers/present.js'

const FAST = {initializeTimeoutMs: 1500, cancelGraceMs: 1500, exitGraceMs: 1000}
const judge = (stdout: string, stderr: string, exitCode: number | null, timedOut = false) =>
  assessTurn({evidence: ACP_EVIDENCE} as HarnessDeclaration, {stdout, stderr, exitCode, timedOut, kind: 'check'})

describe('acp/run-turn', function () {
  this.timeout(20_000)

  it('carries one turn: initialize, session/new with agora in mcpServers, the prompt, and a record the ACP evidence reads as a whoami turn', async () => {
    const {turn, calls} = fakeTurn('happy')
    const run = await runAcpTurn(turn, FAST)
    expect(calls().map((c) => c.method)).to.deep.equal(['initialize', 'session/new', 'session/prompt'])
    const opened = the(calls(), 1).params as {cwd: string; mcpServers: Array<{name: string; command: string; env: Array<{name: string; value: string}>}>}
    expect(opened.cwd).to.equal(turn.cwd)
    expect(opened.mcpServers[0]).to.deep.include({name: 'agora', command: '/opt/agora/agora-mcp'})
    expect(the(opened.mcpServers, 0).env).to.deep.include({name: 'AGORA_AGENT_ID', value: 'fake-seat'})
    expect(JSON.stringify(opened)).to.not.match(/agora_[A-Za-z0-9_-]{32,}/)
    expect(run).to.include({exitCode: 0, timedOut: false, spawnError: null})
    expect(recordOf(run.stdout).map((o) => o.acp)).to.deep.equal(['initialized', 'session', 'update', 'update', 'update', 'stop'])
    expect(judge(run.stdout, run.stderr, run.exitCode)).to.deep.include({ok: true, tools: ['whoami'], sessionId: 'fake-session-1'})
  })

  it('allows an edit at write level with allow_once, and the tool completes', async () => {
    const {turn, calls} = fakeTurn('permission', {permissions: 'write'})
    const run = await runAcpTurn(turn, FAST)
    expect(calls().find((c) => c.method === 'permission-answer')?.params).to.deep.equal({outcome: {outcome: 'selected', optionId: 'yes'}})
    expect(recordOf(run.stdout).find((o) => o.acp === 'permission')).to.deep.include({answer: 'allow_once', refused: false, kind: 'edit'})
    expect(judge(run.stdout, run.stderr, run.exitCode).notices).to.deep.equal([])
  })

  it('prefers allow_always at level all', async () => {
    const {turn, calls} = fakeTurn('permission', {permissions: 'all'})
    await runAcpTurn(turn, FAST)
    expect(calls().find((c) => c.method === 'permission-answer')?.params).to.deep.equal({outcome: {outcome: 'selected', optionId: 'always'}})
  })

  it('refuses an edit at read level with reject_once and narrates the refusal as a turn notice', async () => {
    const {turn, calls} = fakeTurn('permission', {permissions: 'read'})
    const run = await runAcpTurn(turn, FAST)
    expect(calls().find((c) => c.method === 'permission-answer')?.params).to.deep.equal({outcome: {outcome: 'selected', optionId: 'no'}})
    const verdict = judge(run.stdout, run.stderr, run.exitCode)
    expect(verdict.notices).to.deep.equal(['harness-refused-tool: Edit notes.md (kind edit) refused at permission level read'])
    expect(verdict).to.deep.include({ok: true, tools: ['whoami']})
  })

  it('counts a tool call first seen in a permission request, or only as a completed update', async () => {
    for (const mode of ['announce-by-permission', 'completed-only']) {
      const run = await runAcpTurn(fakeTurn(mode).turn, FAST)
      expect(judge(run.stdout, run.stderr, run.exitCode), mode).to.deep.include({ok: true, tools: ['whoami']})
    }
  })

  it('reports an agent that crashes mid-turn as exited, with no stop reason, and reaps it', async () => {
    const crashing = fakeTurn('crash')
    const run = await runAcpTurn(crashing.turn, FAST)
    expect(crashing.pid()).to.be.greaterThan(0)
    expect(pidAlive(crashing.pid())).to.equal(false)
    expect(run.exitCode).to.equal(3)
    const errors = recordOf(run.stdout).filter((o) => o.acp === 'error').map((o) => o.message)
    expect(errors[0]).to.match(/^acp: the agent exited mid-turn \(code 3\)/)
    expect(judge(run.stdout, run.stderr, run.exitCode)).to.deep.include({ok: false, stage: 'harness', reason: 'acp-agent-exited'})
  })

  it('cancels a hanging turn on timeout with session/cancel and records the cancelled stop', async () => {
    const {turn, calls} = fakeTurn('hang', {timeoutMs: 4000})
    const run = await runAcpTurn(turn, FAST)
    expect(calls().map((c) => c.method)).to.deep.equal(['initialize', 'session/new', 'session/prompt', 'session/cancel'])
    expect(recordOf(run.stdout).slice(-2)).to.deep.equal([{acp: 'cancel', sessionId: 'fake-session-1'}, {acp: 'stop', stopReason: 'cancelled'}])
    expect(run.timedOut).to.equal(true)
    expect(judge(run.stdout, run.stderr, run.exitCode, run.timedOut)).to.deep.include({ok: false, stage: 'infrastructure', reason: 'no-tool-calls'})
  })

  it('cancels an interrupted turn (its signal aborted) with session/cancel and records the agent\'s own cancelled stop', async () => {
    const {turn, calls} = fakeTurn('hang')
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 1500)
    const run = await runAcpTurn({...turn, signal: controller.signal}, FAST)
    expect(calls().map((c) => c.method)).to.deep.equal(['initialize', 'session/new', 'session/prompt', 'session/cancel'])
    expect(recordOf(run.stdout).slice(-2)).to.deep.equal([{acp: 'cancel', sessionId: 'fake-session-1'}, {acp: 'stop', stopReason: 'cancelled'}])
    expect(run.timedOut).to.equal(false)
  })

  it('kills an interrupted agent that ignores session/cancel once the grace is over, and says so', async () => {
    const {turn, pid} = fakeTurn('hang-deaf')
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 1500)
    const run = await runAcpTurn({...turn, signal: controller.signal}, FAST)
    expect(recordOf(run.stdout).at(-1)).to.deep.equal({acp: 'error', message: 'acp: interrupted; no stop after session/cancel'})
    expect(pidAlive(pid())).to.equal(false)
  })

  it('kills an agent that ignores session/cancel once the grace is over, and reaps its process', async () => {
    const {turn, calls, pid} = fakeTurn('hang-deaf', {timeoutMs: 4000})
    const run = await runAcpTurn(turn, FAST)
    expect(calls().map((c) => c.method)).to.include('session/cancel')
    expect(run.timedOut).to.equal(true)
    expect(recordOf(run.stdout).at(-1)).to.deep.equal({acp: 'error', message: 'acp: no stop after session/cancel'})
    expect(pid()).to.be.greaterThan(0)
    expect(pidAlive(pid())).to.equal(false)
  })

  it('survives a line of garbage on stdout: the record names it and the turn still ends with its stop reason', async () => {
    const {turn} = fakeTurn('garbage')
    const run = await runAcpTurn(turn, FAST)
    const record = recordOf(run.stdout)
    expect(record.find((o) => o.acp === 'note')?.message).to.match(/^acp: malformed line from the agent, answered with a parse error: this is not json-rpc/)
    expect(record.at(-1)).to.deep.equal({acp: 'stop', stopReason: 'end_turn'})
  })

  it('gives up on an agent that never answers initialize and says so', async () => {
    const {turn, calls} = fakeTurn('no-init')
    const run = await runAcpTurn(turn, FAST)
    expect(calls().map((c) => c.method)).to.deep.equal(['initialize'])
    expect(judge(run.stdout, run.stderr, run.exitCode)).to.deep.include({ok: false, stage: 'harness', reason: 'acp-initialize-unanswered'})
  })

  it('continues a session through session/load only when the agent advertises it, muting the replayed history', async () => {
    const loaded = fakeTurn('happy', {resume: 'fake-session-7', load: true})
    const run = await runAcpTurn(loaded.turn, FAST)
    expect(loaded.calls().map((c) => c.method)).to.deep.equal(['initialize', 'session/load', 'session/prompt'])
    expect(judge(run.stdout, run.stderr, run.exitCode)).to.deep.include({ok: true, tools: ['whoami'], sessionId: 'fake-session-7'})
    const fresh = fakeTurn('happy', {resume: 'fake-session-7', load: false})
    await runAcpTurn(fresh.turn, FAST)
    expect(fresh.calls().map((c) => c.method)).to.deep.equal(['initialize', 'session/new', 'session/prompt'])
  })

  it('makes each knob its own session call after session/new', async () => {
    const {turn, calls} = fakeTurn('happy', {session: {modeId: 'careful', modelId: 'model-x'}})
    await runAcpTurn(turn, FAST)
    expect(calls().map((c) => c.method)).to.deep.equal(['initialize', 'session/new', 'session/set_mode', 'session/set_model', 'session/prompt'])
    expect(the(calls(), 3).params).to.deep.equal({sessionId: 'fake-session-1', modelId: 'model-x'})
  })

  it('reports an agent binary that does not exist as a spawn error', async () => {
    const {turn} = fakeTurn('happy')
    const run = await runAcpTurn({...turn, argv: ['/nonexistent/acp-agent']}, FAST)
    expect(run.spawnError).to.match(/ENOENT/)
    expect(run.exitCode).to.equal(null)
  })
})
