import {readFileSync} from 'node:fs'
import {expect} from 'chai'
import {assessTurn, prepareTurn, sampleTurnInput} from '@agora/contract'
import type {TurnKind} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {pi} from '../src/harness.js'

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}.ndjson`, import.meta.url), 'utf8')
const judge = (name: string, kind: TurnKind = 'wake') => assessTurn(pi, {stdout: fixture(name), stderr: '', exitCode: 0, timedOut: false, kind})
const built = (overrides = {}) => pi.buildCommand(prepareTurn(pi, sampleTurnInput(overrides)))
const BRIDGE = '/usr/local/lib/agora/harness/assets/agora-bridge.js'

describe('pi', () => {
  describeHarnessContract(pi)

  describe('buildCommand', () => {
    it('builds a fresh argv pi 0.73.1 accepts, loading only the shipped bridge (no --approve: 0.73.1 rejects it)', () => {
      expect(built().argv).to.deep.equal(['pi', '-p', '--mode', 'json', '--no-extensions', '-e', BRIDGE, '<prompt>'])
    })

    it('resumes with --session <id> (0.73.1 has no --session-id), a qualified model, thinking, the read level and harness args', () => {
      expect(built({model: 'fake-model', provider: 'fake', reasoning: 'xhigh', permissions: 'read', sessionId: 'S1', harnessArgs: [['no-skills', '']]}).argv).to.deep.equal([
        'pi', '-p', '--mode', 'json', '--no-extensions', '-e', BRIDGE,
        '--model', 'fake/fake-model', '--thinking', 'xhigh', '--no-builtin-tools', '--session', 'S1', '--no-skills', '<prompt>',
      ])
    })

    it('refuses reasoning max, which pi 0.73.1 does not know', () => {
      expect(() => built({reasoning: 'max'})).to.throw(/xhigh/)
    })

    it('forwards a provider alone rather than dropping it', () => {
      expect(built({provider: 'fake'}).argv.slice(7)).to.deep.equal(['--provider', 'fake', '<prompt>'])
    })

    it('gives the bridge its server command and a private agent dir, keys forced empty', () => {
      expect(built().env).to.deep.equal({
        AGORA_MCP_COMMAND: '/usr/local/bin/agora-mcp',
        PI_CODING_AGENT_DIR: '/home/agora/.agora/harness-state/sample-seat',
        PI_OFFLINE: '1',
        PI_SKIP_VERSION_CHECK: '1',
        ...sampleTurnInput().mcp.env,
      })
      const withArgs = sampleTurnInput({mcp: {command: 'node', args: ['/opt/agora/agora-mcp.js'], env: sampleTurnInput().mcp.env}})
      expect(pi.buildCommand(prepareTurn(pi, withArgs)).env.AGORA_MCP_ARGS).to.equal('["/opt/agora/agora-mcp.js"]')
    })

    it('refuses --permissions all: nothing distinct to express', () => {
      expect(() => built({permissions: 'all'})).to.throw("accepts --permissions read|write — got 'all'. pi has no elevated mode")
    })
  })

  describe('evidence', () => {
    it('judges a real recorded pi 0.73.1 check turn through the shipped bridge (scripted model, real hub, real agora-mcp; --approve removed, 0.73.1 lacks it)', () => {
      const verdict = assessTurn(pi, {stdout: fixture('live-check'), stderr: '', exitCode: 0, timedOut: false, kind: 'check'})
      expect(verdict).to.deep.include({ok: true, tools: ['whoami'], sessionId: '01a22eb9-aa03-750f-82aa-06089a0fbe6a'})
    })

    it('passes a wake, counting only agora tools under bare names (⚠ the reference kept the agora_ prefix)', () => {
      expect(judge('healthy-wake')).to.deep.include({ok: true, tools: ['check_inbox'], sessionId: '7c1e2d4a-9b0f-4e1a-8c3d-5f6a7b8c9d0e'})
    })

    it('reports a failed agora tool with its message', () => {
      expect(judge('tool-failed')).to.include({stage: 'tool', reason: 'agora-tool-failed', detail: 'post_message: agora hub at http://127.0.0.1:8765 is unreachable'})
    })

    it('reports a stream without its settle event as truncated', () => {
      expect(judge('truncated')).to.include({stage: 'harness', reason: 'stream-truncated'})
    })

    it('fails zero agora calls and a boot without check_inbox (⚠ the reference accepted both)', () => {
      const none = fixture('healthy-wake').replaceAll('agora_check_inbox', 'bash')
      expect(assessTurn(pi, {stdout: none, stderr: '', exitCode: 0, timedOut: false, kind: 'work'})).to.include({reason: 'no-agora-tool-call'})
      const whoami = fixture('healthy-wake').replaceAll('agora_check_inbox', 'agora_whoami')
      expect(assessTurn(pi, {stdout: whoami, stderr: '', exitCode: 0, timedOut: false, kind: 'boot'})).to.include({reason: 'incomplete-reception-pass'})
    })
  })
})
