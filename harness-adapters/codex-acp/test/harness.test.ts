import {expect} from 'chai'
import {prepareTurn, resolveDeclaration, sampleTurnInput} from '@agora/contract'
import type {DriveRequest} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {codexAcp} from '../src/harness.js'

const decl = resolveDeclaration(codexAcp)
const built = (request: DriveRequest & {sessionId?: string} = {}) => decl.buildCommand(prepareTurn(decl, sampleTurnInput(request)))

describe('codex-acp', () => {
  describeHarnessContract(codexAcp)

  it('launches codex-acp with no argument and no env of its own', () => {
    expect(built()).to.deep.include({argv: ['codex-acp'], env: {}})
  })

  it("maps each level to codex-acp's approval preset", () => {
    const preset = (level: 'read' | 'write' | 'all') => built({permissions: level}).session!.configOptions
    expect(preset('read')).to.deep.equal([{configId: 'mode', value: 'read-only'}])
    expect(preset('write')).to.deep.equal([{configId: 'mode', value: 'auto'}])
    expect(preset('all')).to.deep.equal([{configId: 'mode', value: 'full-access'}])
  })

  it('sets the model as the model config option only when one is named, and resumes through the session id', () => {
    expect(built({model: 'gpt-5.4'}).session!.configOptions).to.deep.equal([{configId: 'mode', value: 'auto'}, {configId: 'model', value: 'gpt-5.4'}])
    expect(built({sessionId: 'sess-1'}).session!.resumeSessionId).to.equal('sess-1')
  })
})
