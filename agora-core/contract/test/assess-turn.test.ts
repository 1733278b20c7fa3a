import {expect} from 'chai'
import {assessTurn} from '../src/index.js'
import type {TurnKind} from '../src/index.js'
import {acme, variant} from './fixtures/acme.js'

const lines = (...objects: unknown[]) => objects.map((o) => JSON.stringify(o)).join('\n')
const init = {type: 'init', session: 'S-1', servers: [{name: 'agora', status: 'up'}]}
const call = (id: string, tool: string) => ({type: 'call', id, tool})
const result = (id: string, extra: object = {}) => ({type: 'result', id, output: '{"ok": true}', ...extra})
const run = (stdout: string, opts: {stderr?: string; exitCode?: number | null; timedOut?: boolean; kind?: TurnKind} = {}) =>
  assessTurn(acme, {stdout, stderr: opts.stderr ?? '', exitCode: opts.exitCode ?? 0, timedOut: opts.timedOut ?? false, kind: opts.kind ?? 'wake'})
const healthy = [init, call('1', 'acme__agora__check_inbox'), result('1'), call('2', 'acme__agora__whoami'), result('2'), {type: 'done'}]

describe('assessTurn', () => {
  it('passes a reception turn that called check_inbox, with bare tool names and the session id', () => {
    const verdict = run(`banner line, not JSON\n${lines(...healthy)}\n{not json either`)
    expect(verdict).to.deep.equal({ok: true, stage: null, reason: null, detail: '', tools: ['check_inbox', 'whoami'], sessionId: 'S-1', notices: []})
  })

  it('reports the MCP server down even when the exit code is 0', () => {
    const down = {...init, servers: [{name: 'agora', status: 'failed'}]}
    expect(run(lines(down, {type: 'done'}))).to.include({ok: false, stage: 'mcp-init', reason: 'required-server-unavailable'})
  })

  it('classifies a failed turn by its text, quoting the line that matched, else as a harness failure with the error message', () => {
    const stderr = 'ERROR: MCP handshake failed: agora: No such file\nStack backtrace:\n  1: <unknown>\n  2: <unknown>'
    expect(run(lines(init), {exitCode: 1, stderr})).to.include({stage: 'mcp-init', reason: 'required-server-unavailable', detail: 'ERROR: MCP handshake failed: agora: No such file'})
    expect(run(lines(init, {type: 'error', message: 'bad flag'}))).to.include({stage: 'harness', reason: 'turn-failed', detail: 'bad flag'})
    expect(run('', {exitCode: 2, stderr: 'boom'})).to.include({stage: 'harness', reason: 'nonzero-exit', detail: 'boom'})
  })

  it('requires the terminal event', () => {
    expect(run(lines(...healthy.slice(0, -1)))).to.include({stage: 'harness', reason: 'missing-terminal-event'})
  })

  it('reports an agora call that failed and never succeeded, by its bare name', () => {
    const verdict = run(lines(init, call('1', 'acme__agora__post'), result('1', {error: 'denied'}), {type: 'done'}))
    expect(verdict).to.include({ok: false, stage: 'mcp-call', reason: 'post-failed', detail: 'post: denied'})
  })

  it('finds an application-level failure inside a successful result', () => {
    const output = JSON.stringify({content: [{type: 'text', text: JSON.stringify({ok: false, detail: 'no such channel'})}]})
    const verdict = run(lines(init, call('1', 'acme__agora__read'), result('1', {output}), {type: 'done'}))
    expect(verdict).to.include({reason: 'read-failed', detail: 'read: no such channel'})
  })

  it('clears a failure when the same tool later succeeds', () => {
    const verdict = run(lines(init, call('1', 'acme__agora__check_inbox'), result('1', {error: 'x'}), call('2', 'acme__agora__check_inbox'), result('2'), {type: 'done'}))
    expect(verdict).to.include({ok: true})
  })

  it('fails a turn with no successful agora call, ignoring other tools', () => {
    expect(run(lines(init, call('1', 'shell'), result('1'), {type: 'done'}))).to.include({stage: 'mcp-use', reason: 'no-agora-tool-call'})
  })

  it('requires check_inbox on boot and wake but not on work or check turns', () => {
    const whoamiOnly = lines(init, call('1', 'acme__agora__whoami'), result('1'), {type: 'done'})
    expect(run(whoamiOnly, {kind: 'boot'})).to.include({stage: 'mcp-use', reason: 'incomplete-reception-pass'})
    expect(run(whoamiOnly, {kind: 'check'})).to.include({ok: true})
    expect(run(whoamiOnly, {kind: 'work'})).to.include({ok: true})
  })

  it('judges a timeout with zero agora calls as infrastructure, else as a harness timeout', () => {
    expect(run(lines(init), {timedOut: true, exitCode: null})).to.include({stage: 'infrastructure', reason: 'no-tool-calls', sessionId: 'S-1'})
    expect(run(lines(...healthy.slice(0, 3)), {timedOut: true, exitCode: null})).to.include({stage: 'harness', reason: 'timeout'})
  })

  it('re-stages a failure as provider-failure from stderr, never from model prose', () => {
    const verdict = run('', {exitCode: 1, stderr: 'API error: 429 Too Many Requests'})
    expect(verdict).to.include({stage: 'infrastructure', reason: 'provider-failure'})
    expect(verdict.detail).to.match(/^429: /)
    const prose = lines(init, {type: 'text', text: 'the server said 503 overloaded'}, {type: 'done'})
    expect(run(prose)).to.include({reason: 'no-agora-tool-call'})
  })

  it('collects declared notices once each, ok or not', () => {
    const stderr = 'permission requested: bash (rm *); auto-rejecting\npermission requested: bash (rm *); auto-rejecting\n'
    const verdict = run(lines(...healthy), {stderr})
    expect(verdict.ok).to.equal(true)
    expect(verdict.notices).to.deep.equal(['harness-refused-tool: permission requested: bash (rm *); auto-rejecting'])
  })

  it('judges by exit code alone without evidence', () => {
    const blind = variant({evidence: null, unmet: ['evidence']})
    const judge = (exitCode: number | null, timedOut = false) => assessTurn(blind, {stdout: lines(...healthy), stderr: 'bye', exitCode, timedOut, kind: 'boot'})
    expect(judge(0)).to.deep.equal({ok: true, stage: null, reason: null, detail: '', tools: [], sessionId: null, notices: []})
    expect(judge(3)).to.include({ok: false, stage: 'harness', reason: 'nonzero-exit', detail: 'bye'})
    expect(judge(null, true)).to.include({stage: 'harness', reason: 'timeout'})
  })
})
