import {readFileSync} from 'node:fs'
import {expect} from 'chai'
import {assessTurn, prepareTurn, sampleTurnInput} from '@agora/contract'
import type {TurnKind} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {claude} from '../src/harness.js'

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}.ndjson`, import.meta.url), 'utf8')
const judge = (name: string, kind: TurnKind = 'wake', exitCode = 0) => assessTurn(claude, {stdout: fixture(name), stderr: '', exitCode, timedOut: false, kind})
const built = (overrides = {}) => claude.buildCommand(prepareTurn(claude, sampleTurnInput(overrides)))
const MCP = JSON.stringify({mcpServers: {agora: {command: '/usr/local/bin/agora-mcp', args: [], env: sampleTurnInput().mcp.env}}})

describe('claude', () => {
  describeHarnessContract(claude)

  describe('buildCommand', () => {
    it('builds the fresh turn of the captured argv, the skill as a file', () => {
      expect(built().argv).to.deep.equal([
        'claude', '-p', '--output-format', 'stream-json', '--verbose',
        '--mcp-config', MCP, '--allowedTools', 'mcp__agora', '--permission-mode', 'auto',
        '--append-system-prompt-file', '/usr/local/lib/agora/skill/SKILL.md',
        '<prompt>',
      ])
      expect(built().env).to.deep.equal({})
    })

    it('resumes with every knob, harness args before --resume and bypassPermissions at all', () => {
      expect(built({model: 'claude-sonnet-4-5', reasoning: 'high', permissions: 'all', sessionId: 'S1', harnessArgs: [['add-dir', '/data'], ['debug', '']]}).argv).to.deep.equal([
        'claude', '-p', '--output-format', 'stream-json', '--verbose', '--model', 'claude-sonnet-4-5', '--effort', 'high',
        '--mcp-config', MCP, '--allowedTools', 'mcp__agora', '--permission-mode', 'bypassPermissions',
        '--append-system-prompt-file', '/usr/local/lib/agora/skill/SKILL.md',
        '--add-dir', '/data', '--debug', '--resume', 'S1', '<prompt>',
      ])
    })

    it('refuses --provider, naming no vendor-specific text', () => {
      expect(() => built({provider: 'bedrock'})).to.throw("--provider is not supported by the 'claude' harness")
    })
  })

  describe('evidence', () => {
    it('reports a real recorded claude 2.1.197 turn whose agora-mcp could not start (exit 0, init status failed)', () => {
      const verdict = assessTurn(claude, {stdout: fixture('live-mcp-down'), stderr: '', exitCode: 0, timedOut: false, kind: 'wake'})
      expect(verdict).to.include({ok: false, stage: 'mcp-init', reason: 'required-server-unavailable'})
    })

    it('judges a real recorded claude 2.1.197 check turn (scripted model, real hub, real agora-mcp) as ok with whoami', () => {
      const verdict = assessTurn(claude, {stdout: fixture('live-check'), stderr: '', exitCode: 0, timedOut: false, kind: 'check'})
      expect(verdict).to.deep.include({ok: true, tools: ['whoami'], sessionId: '7b78ebdb-49e4-4107-bf44-c36a9348c982'})
    })

    it('passes a wake that called check_inbox, with bare names and the session id', () => {
      expect(judge('healthy-wake')).to.deep.include({ok: true, tools: ['check_inbox', 'ack_inbox'], sessionId: '9f1c2a7e-5b61-4d0e-9a43-2f4f7c1d8e01'})
    })

    it('reports a dead agora server although the exit code is 0 (the mute seat)', () => {
      expect(judge('mcp-down')).to.include({ok: false, stage: 'mcp-init', reason: 'required-server-unavailable'})
    })

    it("reports agora's ok:false inside a successful tool_result as a failed call", () => {
      expect(judge('app-error')).to.include({stage: 'mcp-call', reason: 'post_message-failed', detail: 'post_message: not a member of #ops: join it first'})
    })

    it('reports a stream cut before its result event', () => {
      expect(judge('truncated')).to.include({stage: 'harness', reason: 'missing-terminal-event'})
    })

    it('reports an error result as a failed turn', () => {
      expect(judge('error-result')).to.include({stage: 'harness', reason: 'turn-failed', detail: 'error_max_turns'})
    })

    it('names the cause a real claude 2.1.197 gives for a resumed session that is gone, not only its subtype', () => {
      expect(judge('resume-missing')).to.include({stage: 'harness', reason: 'turn-failed', detail: 'No conversation found with session ID: 3c302870-d5cc-47ac-9910-239097c8f451'})
    })

    it('accepts a work chunk without check_inbox but not a boot', () => {
      const stdout = fixture('healthy-wake').replaceAll('mcp__agora__check_inbox', 'mcp__agora__whoami')
      expect(assessTurn(claude, {stdout, stderr: '', exitCode: 0, timedOut: false, kind: 'work'}).ok).to.equal(true)
      expect(assessTurn(claude, {stdout, stderr: '', exitCode: 0, timedOut: false, kind: 'boot'}).reason).to.equal('incomplete-reception-pass')
    })
  })
})
