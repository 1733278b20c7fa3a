import {expect} from 'chai'
import {assessTurn, prepareTurn, sampleTurnInput} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {cursor} from '../src/harness.js'

const built = (overrides = {}) => cursor.buildCommand(prepareTurn(cursor, sampleTurnInput(overrides)))
const ENVELOPE = JSON.stringify({type: 'result', subtype: 'success', is_error: false, result: 'done', session_id: 'c-1'})

describe('cursor', () => {
  describeHarnessContract(cursor)

  describe('buildCommand', () => {
    it('builds the captured boot argv at write', () => {
      expect(built()).to.deep.equal({argv: ['cursor-agent', '-p', '--output-format', 'json', '--trust', '--approve-mcps', '--sandbox', 'enabled', '<prompt>'], env: {}})
    })

    it('builds the captured resume argv at all with a model', () => {
      expect(built({model: 'gpt-5', permissions: 'all', sessionId: 'c-1'}).argv).to.deep.equal([
        'cursor-agent', '-p', '--output-format', 'json', '--trust', '--approve-mcps', '--model', 'gpt-5', '--force', '--resume', 'c-1', '<prompt>',
      ])
    })

    it('honours --harness-arg instead of dropping it (⚠ the reference dropped it)', () => {
      expect(built({harnessArgs: [['workspace', '/w']]}).argv.slice(-3)).to.deep.equal(['--workspace', '/w', '<prompt>'])
    })

    it('refuses --reasoning-effort and --provider: reasoning rides the model name', () => {
      expect(() => built({reasoning: 'high'})).to.throw("--reasoning-effort is not supported by the 'cursor' harness")
      expect(() => built({provider: 'p'})).to.throw("--provider is not supported by the 'cursor' harness")
    })

    it('keeps the binding in the workspace config, never in argv', () => {
      expect(built().argv.join(' ')).to.not.contain('sample-seat')
      expect(JSON.stringify(cursor.workspace.mcpConfig)).to.contain('{{mcp.command}}').and.contain('{{mcp.env}}')
    })
  })

  describe('evidence', () => {
    it('is declared unmet: the result envelope alone, judged by exit code', () => {
      expect(cursor.unmet).to.deep.equal(['evidence', 'lease-hook'])
      expect(assessTurn(cursor, {stdout: ENVELOPE, stderr: '', exitCode: 0, timedOut: false, kind: 'wake'})).to.include({ok: true, stage: null})
      expect(assessTurn(cursor, {stdout: ENVELOPE, stderr: 'Error: unauthorized', exitCode: 1, timedOut: false, kind: 'wake'})).to.include({stage: 'harness', reason: 'nonzero-exit'})
    })
  })
})
