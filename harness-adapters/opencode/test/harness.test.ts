import {readFileSync} from 'node:fs'
import {expect} from 'chai'
import {assessTurn, prepareTurn, sampleTurnInput} from '@agora/contract'
import type {TurnKind} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {opencode} from '../src/harness.js'

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}.ndjson`, import.meta.url), 'utf8')
const judge = (name: string, opts: {kind?: TurnKind; exitCode?: number; stderr?: string} = {}) =>
  assessTurn(opencode, {stdout: fixture(name), stderr: opts.stderr ?? '', exitCode: opts.exitCode ?? 0, timedOut: false, kind: opts.kind ?? 'wake'})
const built = (overrides = {}) => opencode.buildCommand(prepareTurn(opencode, sampleTurnInput(overrides)))
const config = (overrides = {}) => JSON.parse(built(overrides).env.OPENCODE_CONFIG_CONTENT)

describe('opencode', () => {
  describeHarnessContract(opencode)

  describe('buildCommand', () => {
    it('builds the captured fresh argv with --dir and a titled session', () => {
      expect(built().argv).to.deep.equal(['opencode', 'run', '--dir', '/home/agora/workspace', '--title', 'agora:sample-seat:turn', '--format', 'json', '<prompt>'])
    })

    it('resumes with the provider-qualified model and harness args before the prompt', () => {
      expect(built({model: 'gpt-5', provider: 'fake', sessionId: 'ses_1', harnessArgs: [['agent', 'build']]}).argv).to.deep.equal([
        'opencode', 'run', '--dir', '/home/agora/workspace', '--title', 'agora:sample-seat:resume', '--format', 'json',
        '-m', 'fake/gpt-5', '--session', 'ses_1', '--agent', 'build', '<prompt>',
      ])
      expect(built({model: 'fake/gpt-5'}).argv).to.include('fake/gpt-5')
    })

    it('carries the binding, the pinned permission block and per-workspace XDG roots in env', () => {
      const {env} = built()
      expect(config().mcp.agora).to.deep.equal({type: 'local', command: ['/usr/local/bin/agora-mcp'], enabled: true, timeout: 30000, environment: sampleTurnInput().mcp.env})
      expect(config().permission).to.include({bash: 'allow', external_directory: 'deny', webfetch: 'deny', 'agora*': 'allow'})
      expect(config({permissions: 'read'}).permission).to.include({bash: 'deny', edit: 'deny', 'agora*': 'allow'})
      expect(config({permissions: 'all'}).permission).to.deep.equal({'*': 'allow', external_directory: 'allow', 'agora*': 'allow'})
      expect(env.XDG_DATA_HOME).to.equal('/home/agora/workspace/.agora/opencode/data')
      expect(env.XDG_STATE_HOME).to.equal('/home/agora/workspace/.agora/opencode/state')
    })

    it("puts effort in the model's config entry, from a qualified model too", () => {
      const effort = {options: {reasoningEffort: 'high'}}
      expect(config({model: 'm', provider: 'p', reasoning: 'high'}).provider).to.deep.equal({p: {models: {m: effort}}})
    })

    it('refuses --provider without --model and effort without a provider (⚠ the reference dropped effort silently)', () => {
      expect(() => built({provider: 'p'})).to.throw("--provider needs --model on the 'opencode' harness")
      expect(() => built({model: 'p/m', reasoning: 'high'})).to.throw('--reasoning-effort needs --provider')
    })
  })

  describe('evidence', () => {
    it('judges a real recorded opencode 1.18.33 check turn (scripted model, real hub, real agora-mcp) as ok with whoami', () => {
      const verdict = assessTurn(opencode, {stdout: fixture('live-check'), stderr: '', exitCode: 0, timedOut: false, kind: 'check'})
      expect(verdict).to.deep.include({ok: true, tools: ['whoami'], sessionId: 'ses_dd147431cffeWwToDzx5cMRTk4'})
    })

    it('passes a wake with bare tool names; a refused shell call is a notice, not a failure', () => {
      const verdict = judge('healthy-wake')
      expect(verdict).to.deep.include({ok: true, tools: ['check_inbox'], sessionId: 'ses_3b1f0c2e9ffeGq1Yb2xK4mWd7r'})
      expect(verdict.notices).to.have.length(1)
      expect(verdict.notices[0]).to.contain('refused by the permission block agora writes')
    })

    it('reports an auto-rejected agora tool and narrates the headless reject', () => {
      const stderr = '! permission requested: agora_check_inbox; auto-rejecting\n'
      const verdict = judge('rejected-agora-tool', {stderr})
      expect(verdict).to.include({ok: false, stage: 'tool', reason: 'agora-tool-rejected'})
      expect(verdict.notices).to.deep.equal([
        "harness-refused-tool — opencode left a permission on its `ask` default and auto-rejected it headlessly (! permission requested: agora_check_inbox; auto-rejecting); the model was told a USER refused it, which no user did. To allow it: raise this seat to --permissions all, or keep the work inside the workspace.",
      ])
    })

    it('fails a turn with no agora tool call (⚠ the reference accepted it)', () => {
      expect(judge('no-agora-call')).to.include({stage: 'mcp-use', reason: 'no-agora-tool-call'})
    })

    it('requires check_inbox on a boot (⚠ the reference did not)', () => {
      const stdout = fixture('healthy-wake').replaceAll('agora_check_inbox', 'agora_whoami')
      expect(assessTurn(opencode, {stdout, stderr: '', exitCode: 0, timedOut: false, kind: 'boot'})).to.include({reason: 'incomplete-reception-pass'})
      expect(assessTurn(opencode, {stdout, stderr: '', exitCode: 0, timedOut: false, kind: 'check'})).to.deep.include({ok: true, tools: ['whoami']})
    })

    it('requires the step_finish it names as evidence (⚠ the reference never did)', () => {
      const stdout = fixture('healthy-wake').split('\n').filter((l) => !l.includes('step_finish')).join('\n')
      expect(assessTurn(opencode, {stdout, stderr: '', exitCode: 0, timedOut: false, kind: 'wake'})).to.include({reason: 'missing-terminal-event'})
    })

    it('classifies an unresolved model as a config failure', () => {
      expect(judge('model-not-found', {exitCode: 1})).to.include({stage: 'harness-config', reason: 'model-not-resolved', detail: 'Model not found: fake/nope'})
    })
  })
})
