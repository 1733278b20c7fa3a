import {expect} from 'chai'
import {declarationSchema, validateDeclaration} from '../src/index.js'
import {acme, variant} from './fixtures/acme.js'

describe('validateDeclaration', () => {
  it('accepts a complete declaration', () => {
    expect(validateDeclaration(acme)).to.deep.equal({valid: true, problems: []})
  })

  it('publishes the schema of the data half', () => {
    expect(declarationSchema.required).to.include.members(['name', 'supports', 'evidence', 'buildCommand'])
  })

  it('refuses a non-object and names missing fields', () => {
    expect(validateDeclaration(42).valid).to.equal(false)
    const {problems} = validateDeclaration({name: 'x'})
    expect(problems.join('\n')).to.contain("must have required property 'binary'")
  })

  it('refuses a word outside the vocabulary', () => {
    const {valid, problems} = validateDeclaration(variant({unmet: ['evidnce' as never]}))
    expect(valid).to.equal(false)
    expect(problems.join('\n')).to.contain('/unmet/0')
  })

  it('refuses evidence null while evidence is not declared unmet', () => {
    expect(validateDeclaration(variant({evidence: null})).problems).to.deep.equal(["evidence must be null exactly when 'evidence' is in unmet"])
  })

  it('refuses an evidence stream declared unmet at the same time', () => {
    expect(validateDeclaration(variant({unmet: ['evidence']})).valid).to.equal(false)
  })

  it('refuses reasoning supported with an empty vocabulary, and a vocabulary without the knob', () => {
    expect(validateDeclaration(variant({reasoningVocab: []})).valid).to.equal(false)
    expect(validateDeclaration(variant({supports: ['model', 'session']})).problems.join()).to.contain('reasoningVocab')
  })

  it("refuses supports without 'session'", () => {
    expect(validateDeclaration(variant({supports: ['model', 'provider', 'reasoning', 'permissions'], knobRequirements: []})).problems).to.deep.equal([
      "supports must include 'session' (a turn must be resumable or say why not through continuity)",
    ])
  })

  it('refuses a default level outside the vocabulary and argv for an undeclared level', () => {
    const perms = {vocab: ['read', 'write'] as Array<'read' | 'write'>, argv: {all: ['--yolo']}, rationale: 'no bypass exists.', default: 'all' as const}
    const {problems} = validateDeclaration(variant({permissions: perms}))
    expect(problems).to.have.length(2)
    expect(problems.join('\n')).to.contain("permissions.default 'all'").and.contain('stray: all')
  })

  it('requires a rationale when the vocabulary is narrower than agora\'s three levels', () => {
    const perms = {vocab: ['write', 'all'] as Array<'write' | 'all'>, argv: {}, rationale: ' ', default: null}
    expect(validateDeclaration(variant({permissions: perms})).problems.join()).to.contain('permissions.rationale')
  })

  it('requires a default when write is not expressible', () => {
    const perms = {vocab: ['all'] as Array<'all'>, argv: {}, rationale: 'every tool needs approval headless.', default: null}
    expect(validateDeclaration(variant({permissions: perms})).problems.join()).to.contain('permissions.default must be set')
  })

  it('refuses a contract range this agora does not satisfy, or no range at all', () => {
    expect(validateDeclaration(variant({contract: '^2'})).problems).to.deep.equal(["contract range '^2' is not satisfied by this agora's harness contract 1.0.0"])
    expect(validateDeclaration(variant({contract: 'soon'})).problems.join()).to.contain('not a semver range')
  })

  it('refuses a buildCommand that is not a function', () => {
    expect(validateDeclaration(variant({buildCommand: 'argv' as never})).problems).to.include('buildCommand must be a function')
  })

  it('refuses an advisory knob that is not supported and a requirement naming an unsupported knob', () => {
    const narrow = {supports: ['model', 'session'] as Array<'model' | 'session'>, reasoningVocab: []}
    expect(validateDeclaration(variant({...narrow, advisory: ['reasoning'], knobRequirements: []})).problems).to.include('every advisory knob must also be in supports')
    expect(validateDeclaration(variant(narrow)).problems.join()).to.contain("knobRequirements on 'provider'")
  })

  it('refuses an unknown top-level field', () => {
    expect(validateDeclaration({...acme, sandbox: true}).problems.join()).to.contain('additional properties')
  })

  describe('a lease gate carried by a plugin file (workspace.leaseGate)', () => {
    const carried = (gate: Record<string, unknown>, extra: Record<string, unknown> = {}) => variant({
      ...extra, workspace: {...acme.workspace, files: [{path: '.acme/plugin.js', content: ''}], leaseGate: gate},
    } as never)

    it('accepts a gate whose file is one of the workspace files', () => {
      expect(validateDeclaration(carried({file: '.acme/plugin.js', tools: ['write'], pathFields: ['filePath']}))).to.deep.equal({valid: true, problems: []})
    })

    it('refuses a gate in a file setup never writes, one without tools, and one also declared unmet', () => {
      expect(validateDeclaration(carried({file: '.acme/other.js', tools: ['write'], pathFields: ['filePath']})).problems).to.deep.equal(["workspace.leaseGate.file '.acme/other.js' must be one of workspace.files, the file that carries the gate"])
      expect(validateDeclaration(carried({file: '.acme/plugin.js', tools: [], pathFields: ['filePath']})).problems).to.deep.equal(['workspace.leaseGate must name at least one tool and one path field'])
      expect(validateDeclaration(carried({file: '.acme/plugin.js', tools: ['write'], pathFields: ['filePath']}, {unmet: ['lease-hook']})).problems).to.deep.equal(["'lease-hook' is in unmet but workspace.leaseGate declares the gate; drop one"])
    })
  })
})
