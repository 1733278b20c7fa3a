import {expect} from 'chai'
import {prepareTurn, resolveDeclaration, sampleTurnInput} from '@agora/contract'
import type {DriveRequest} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {claudeAcp} from '../src/harness.js'

const decl = resolveDeclaration(claudeAcp)
const built = (request: DriveRequest & {sessionId?: string} = {}) => decl.buildCommand(prepareTurn(decl, sampleTurnInput(request)))

describe('claude-acp', () => {
  describeHarnessContract(claudeAcp)

  it('launches claude-code-acp with no argument and no env of its own', () => {
    expect(built()).to.deep.include({argv: ['claude-code-acp'], env: {}})
  })

  it('maps each level to a permission mode: read asks (and the transport refuses), write and all accept edits', () => {
    expect(['read', 'write', 'all'].map((level) => built({permissions: level as 'read'}).session!.modeId)).to.deep.equal(['default', 'acceptEdits', 'acceptEdits'])
    expect(built({permissions: 'read'}).session!.permissions).to.equal('read')
  })

  it('sets the model through session/set_model, and resumes through the session id', () => {
    expect(built({model: 'claude-sonnet-4-5'}).session!.modelId).to.equal('claude-sonnet-4-5')
    expect(built().session!.modelId).to.equal(null)
    expect(built({sessionId: 'sess-1'}).session!.resumeSessionId).to.equal('sess-1')
  })
})
