import {expect} from 'chai'
import {ACP_EVIDENCE, ACP_WORKSPACE, commandSurface, prepareTurn, resolveDeclaration, sampleTurnInput, transportOf, validateDeclaration} from '../src/index.js'
import {describeHarnessContract} from '../src/testing.js'
import {acme, variant} from './fixtures/acme.js'
import {acmeAcp} from './fixtures/acp-example.js'

describe('resolve-declaration', () => {
  describeHarnessContract(acmeAcp)

  it('fills the fields an ACP transport owns: its evidence record, no probe argv, the ACP footprint', () => {
    const decl = resolveDeclaration(acmeAcp)
    expect(decl.evidence).to.equal(ACP_EVIDENCE)
    expect(decl.probeArgv).to.deep.equal([])
    expect(decl.workspace).to.equal(ACP_WORKSPACE)
    expect(transportOf(decl)).to.equal('acp')
  })

  it('leaves an argv declaration as it is, and reads its missing transport as argv', () => {
    expect(resolveDeclaration(acme)).to.equal(acme)
    expect(transportOf(acme)).to.equal('argv')
  })

  it('refuses an unknown transport and an argv declaration without probe arguments', () => {
    expect(validateDeclaration({...acme, transport: 'carrier-pigeon'}).problems.join('\n')).to.match(/transport must be equal to one of the allowed values \(argv, acp, http\)/)
    expect(validateDeclaration(variant({probeArgv: []})).problems).to.deep.equal(['probeArgv must name the arguments of a run that ends without an LLM call (C2)'])
  })

  it('refuses an http declaration without its worker, and a worker on any other transport', () => {
    expect(validateDeclaration({...acmeAcp, transport: 'http'}).problems).to.include("worker (the Orca worker's url and profile) must be set exactly when transport is 'http'")
    expect(validateDeclaration({...acmeAcp, worker: {url: 'http://127.0.0.1:7099', profile: {name: 'a', runtime: 'custom'}}}).problems)
      .to.include("worker (the Orca worker's url and profile) must be set exactly when transport is 'http'")
  })

  it("resolves each turn's session calls: the workspace, agora's server with the bearer-free binding, the level and the session to resume", () => {
    const input = sampleTurnInput({sessionId: 'sess-1', permissions: 'read'})
    const turn = prepareTurn(resolveDeclaration(acmeAcp), input)
    expect(turn.session).to.deep.equal({
      cwd: input.workspace,
      mcpServers: [{name: 'agora', command: input.mcp.command, args: [], env: Object.entries(input.mcp.env).map(([name, value]) => ({name, value}))}],
      permissions: 'read',
      resumeSessionId: 'sess-1',
      modeId: null,
      modelId: null,
      configOptions: [],
    })
  })

  it('counts the session calls as part of what a turn sees', () => {
    const decl = resolveDeclaration(acmeAcp)
    const built = decl.buildCommand(prepareTurn(decl, sampleTurnInput({model: 'model-under-test'})))
    expect(commandSurface(built)).to.contain('"modelId":"model-under-test"')
  })
})
