import {expect} from 'chai'
import {assessTurn, prepareTurn, sampleTurnInput} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {abstractcodeTui} from '../src/harness.js'

const built = (overrides = {}) => abstractcodeTui.buildCommand(prepareTurn(abstractcodeTui, sampleTurnInput(overrides)))

describe('abstractcode-tui', () => {
  describeHarnessContract(abstractcodeTui)

  describe('buildCommand', () => {
    it("builds the captured argv with the prompt second, the default level all and the seat's own session id", () => {
      expect(built({timeoutSeconds: 600}).argv).to.deep.equal([
        'abstractcode-tui', 'exec', '<prompt>', '--workspace', '/home/agora/workspace', '--workspace-mode', 'workspace_only',
        '--permissions', 'all', '--timeout', '600', '--session', 'agora-sample-seat',
      ])
      expect(built().sessionId, 'the driver adopts the caller-chosen id').to.equal('agora-sample-seat')
    })

    it('resumes with every knob and the operator workflow pass-through last', () => {
      expect(built({model: 'm', provider: 'p', reasoning: 'on', permissions: 'read', sessionId: 'agora-s', harnessArgs: [['workflow', 'bundle:flow']]}).argv).to.deep.equal([
        'abstractcode-tui', 'exec', '<prompt>', '--workspace', '/home/agora/workspace', '--workspace-mode', 'workspace_only',
        '--permissions', 'read', '--timeout', '3600', '--model', 'm', '--provider', 'p', '--reasoning', 'on', '--session', 'agora-s',
        '--workflow', 'bundle:flow',
      ])
    })
  })

  describe('evidence', () => {
    it('is declared unmet with external reach and process-scoped identity', () => {
      expect(abstractcodeTui).to.include({evidence: null, toolReach: 'external', identityScope: 'process'})
      expect(assessTurn(abstractcodeTui, {stdout: 'I checked the inbox.', stderr: '', exitCode: 0, timedOut: false, kind: 'wake'}).ok).to.equal(true)
    })
  })
})
