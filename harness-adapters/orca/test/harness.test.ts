import {expect} from 'chai'
import {findBearer, prepareTurn, resolveDeclaration, sampleTurnInput, validateDeclaration} from '@agora/contract'
import {orcaFromEnv, orcaSessionId, orcaWorker} from '../src/index.js'

describe('orca harness (an Orca Harness Protocol v1 worker as a seat)', () => {
  const decl = resolveDeclaration(orcaWorker({url: 'http://127.0.0.1:7099/', profile: {name: 'ledger', template: {name: 'ledger-harness'}}}))

  it('is a valid http declaration whose worker is the URL it was given', () => {
    expect(validateDeclaration(decl)).to.deep.equal({valid: true, problems: []})
    expect(decl).to.include({transport: 'http', binary: 'http://127.0.0.1:7099', continuity: 'state-file'})
    expect(decl.evidence?.summary).to.equal('ndjson: tool_call / result')
  })

  it('builds one run: a stable session per seat, lane and worker, the profile, and the stdio launch to serve over HTTP', () => {
    const built = decl.buildCommand(prepareTurn(decl, sampleTurnInput({sessionId: 'agora-sample-seat-reception-x'})))
    expect(built.argv).to.deep.equal(['http://127.0.0.1:7099'])
    expect(built.http).to.deep.include({url: 'http://127.0.0.1:7099', sessionId: orcaSessionId('sample-seat', 'reception', 'http://127.0.0.1:7099')})
    expect(built.http?.profile).to.deep.equal({name: 'ledger', runtime: 'custom', template: {name: 'ledger-harness'}})
    expect(built.session?.mcpServers[0]?.name).to.equal('agora')
    expect(built.discard, 'a resumed session keeps its state').to.equal(undefined)
    expect(findBearer(built)).to.equal(null)
  })

  it('never shares a session between seats, lanes or workers', () => {
    const ids = new Set([orcaSessionId('a', 'reception', 'http://w1'), orcaSessionId('b', 'reception', 'http://w1'),
      orcaSessionId('a', 'work', 'http://w1'), orcaSessionId('a', 'reception', 'http://w2')])
    expect(ids.size).to.equal(4)
  })

  it('carries --model in the envelope profile and drops kept state for a fresh session', () => {
    const built = decl.buildCommand(prepareTurn(decl, sampleTurnInput({model: 'anthropic:claude-sonnet-4-5'})))
    expect(built.http?.profile.model).to.equal('anthropic:claude-sonnet-4-5')
    expect(built.discard).to.deep.equal([built.http?.stateFile])
  })

  it('refuses the knobs an Orca envelope cannot carry, naming why', () => {
    expect(() => prepareTurn(decl, sampleTurnInput({permissions: 'all'}))).to.throw(/permission field/)
    expect(() => prepareTurn(decl, sampleTurnInput({reasoning: 'high'}))).to.throw(/reasoning/)
  })

  it('reads the packaged worker from AGORA_ORCA_URL, with the scaffolds\' port 7099 by default', () => {
    expect(orcaFromEnv({}).binary).to.equal('http://127.0.0.1:7099')
    expect(orcaFromEnv({AGORA_ORCA_URL: 'http://10.0.0.5:8080', AGORA_ORCA_PROFILE: 'dev'}).worker.profile.name).to.equal('dev')
  })
})
