import {readFileSync} from 'node:fs'
import {expect} from 'chai'
import {assessTurn, prepareTurn, sampleTurnInput} from '@agora/contract'
import type {TurnKind} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {codex} from '../src/harness.js'

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}.ndjson`, import.meta.url), 'utf8')
const judge = (name: string, opts: {kind?: TurnKind; exitCode?: number; stderr?: string} = {}) =>
  assessTurn(codex, {stdout: fixture(name), stderr: opts.stderr ?? '', exitCode: opts.exitCode ?? 0, timedOut: false, kind: opts.kind ?? 'wake'})
const built = (overrides = {}) => codex.buildCommand(prepareTurn(codex, sampleTurnInput(overrides)))
const ENV = '{AGORA_API_KEY="", AGORA_ADMIN_KEY="", AGORA_URL="http://127.0.0.1:8765", AGORA_AGENT_ID="sample-seat", AGORA_HOME="/home/agora/.agora", AGORA_ABOUT="a sample seat"}'
const BINDING = [
  '-c', 'sandbox_workspace_write.network_access=false',
  '-c', 'mcp_servers.agora.command="/usr/local/bin/agora-mcp"',
  '-c', 'mcp_servers.agora.args=[]',
  '-c', 'mcp_servers.agora.enabled=true',
  '-c', 'mcp_servers.agora.required=true',
  '-c', 'mcp_servers.agora.default_tools_approval_mode="approve"',
  '-c', `mcp_servers.agora.env=${ENV}`,
]

describe('codex', () => {
  describeHarnessContract(codex)

  describe('buildCommand', () => {
    it('builds the captured fresh exec with the pinned model, effort and sandbox', () => {
      expect(built().argv).to.deep.equal([
        'codex', 'exec', '--json', '--skip-git-repo-check', ...BINDING,
        '-m', 'gpt-5.4', '-c', 'model_reasoning_effort="medium"', '-s', 'workspace-write', '<prompt>',
      ])
    })

    it('resumes without -s (exec resume refuses it), the thread id right before the prompt', () => {
      expect(built({sessionId: 'T1', model: 'gpt-5.5', reasoning: 'high'}).argv).to.deep.equal([
        'codex', 'exec', 'resume', '--json', '--skip-git-repo-check', ...BINDING,
        '-m', 'gpt-5.5', '-c', 'model_reasoning_effort="high"', 'T1', '<prompt>',
      ])
    })

    it('honours --harness-arg instead of dropping it (⚠ the reference dropped it)', () => {
      const argv = built({harnessArgs: [['profile', 'ci']]}).argv
      expect(argv.slice(-3)).to.deep.equal(['--profile', 'ci', '<prompt>'])
    })

    it('refuses --permissions all with its rationale', () => {
      expect(() => built({permissions: 'all'})).to.throw("accepts --permissions write — got 'all'. codex stays write-only")
    })
  })

  describe('evidence', () => {
    it('judges a real recorded codex 0.171.0 resume (exec resume <thread>, no -s) as the same thread', () => {
      const verdict = assessTurn(codex, {stdout: fixture('live-resume'), stderr: '', exitCode: 0, timedOut: false, kind: 'check'})
      expect(verdict).to.deep.include({ok: true, tools: ['whoami'], sessionId: '01a22ebf-9085-7961-8503-07d17520c983'})
    })

    it('reports a real recorded codex 0.171.0 turn whose required agora-mcp could not start, quoting codex', () => {
      const stderr = readFileSync(new URL('fixtures/live-mcp-down.stderr', import.meta.url), 'utf8')
      const verdict = assessTurn(codex, {stdout: '', stderr, exitCode: 1, timedOut: false, kind: 'wake'})
      expect(verdict).to.include({ok: false, stage: 'mcp-init', reason: 'required-server-unavailable'})
      expect(verdict.detail).to.contain('required MCP servers failed to initialize: agora: No such file or directory')
    })

    it('judges a real recorded codex 0.171.0 check turn (scripted model, real hub, real agora-mcp) as ok with whoami', () => {
      const verdict = assessTurn(codex, {stdout: fixture('live-check'), stderr: '', exitCode: 0, timedOut: false, kind: 'check'})
      expect(verdict).to.deep.include({ok: true, tools: ['whoami'], sessionId: '01a22eb8-8cb9-7c20-83ba-04a280d7d577'})
    })

    it("passes a wake, counting only agora's server and ignoring codex's benign error item", () => {
      expect(judge('healthy-wake')).to.deep.include({ok: true, tools: ['check_inbox'], sessionId: '0199a213-81c0-7800-8aa1-bbab2a035a53'})
    })

    it('clears a failure the same tool later recovers, and reports one that never does', () => {
      expect(judge('failed-then-retried')).to.include({stage: 'mcp-call', reason: 'post_message-failed', detail: 'post_message: MCP tool call requires approval, but approval policy is never'})
    })

    it('classifies a reasoning value the model rejects as a config failure', () => {
      expect(judge('turn-failed', {exitCode: 1})).to.include({stage: 'harness-config', reason: 'model-reasoning-incompatible'})
    })

    it('classifies a required server that did not start', () => {
      const verdict = assessTurn(codex, {stdout: '', stderr: 'Error: required MCP servers failed to initialize: agora', exitCode: 1, timedOut: false, kind: 'boot'})
      expect(verdict).to.include({stage: 'mcp-init', reason: 'required-server-unavailable'})
    })

    it('requires turn.completed', () => {
      expect(judge('no-terminal')).to.include({stage: 'harness', reason: 'missing-terminal-event'})
    })
  })
})
