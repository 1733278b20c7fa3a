import {expect} from 'chai'
import {prepareTurn, resolveDeclaration, sampleTurnInput} from '@agora/contract'
import type {DriveRequest} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {gemini} from '../src/harness.js'

const decl = resolveDeclaration(gemini)
const built = (request: DriveRequest & {sessionId?: string} = {}) => decl.buildCommand(prepareTurn(decl, sampleTurnInput(request)))

describe('gemini', () => {
  describeHarnessContract(gemini)

  it('launches gemini in its ACP mode, trusting the seat workspace', () => {
    expect(built()).to.deep.include({argv: ['gemini', '--acp'], env: {GEMINI_CLI_TRUST_WORKSPACE: 'true'}})
  })

  it('maps each level to an approval mode: read asks (and the transport refuses), write auto-edits, all is yolo', () => {
    expect(['read', 'write', 'all'].map((level) => built({permissions: level as 'read'}).session!.modeId)).to.deep.equal(['default', 'autoEdit', 'yolo'])
  })

  it('sets the model through session/set_model, and resumes through the session id', () => {
    expect(built({model: 'gemini-2.5-pro'}).session!.modelId).to.equal('gemini-2.5-pro')
    expect(built({sessionId: 'sess-1'}).session!.resumeSessionId).to.equal('sess-1')
  })
})
