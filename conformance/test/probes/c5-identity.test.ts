import {expect} from 'chai'
import {c5Identity} from '../../src/probes/c5-identity.js'
import type {HarnessDeclaration} from '@agora/contract'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {contextFor, fakePorts, targetOf} from '../helpers.js'

describe('probes/c5-identity', () => {
  const run = (decl: HarnessDeclaration, extra: {files?: Record<string, string>; knownSecrets?: string[]} = {}) =>
    c5Identity.run(contextFor(targetOf(decl), {ports: fakePorts({files: extra.files ?? {}}), knownSecrets: extra.knownSecrets ?? []}), new Map())
  const withEnv = (env: Record<string, string>): HarnessDeclaration => {
    const base = baseDeclaration('fx-unit')
    return {...base, buildCommand: (turn) => ({...base.buildCommand(turn), env})}
  }

  it('passes when the seat id reaches the turn and nothing looks like a bearer', async () => {
    const outcome = await run(baseDeclaration('fx-unit'))
    expect(outcome).to.deep.include({status: 'PASS', detail: 'seat id `seat-under-test` reaches the turn; no bearer in argv, env, or config'})
  })

  it('fails a bearer-shaped value in the env, showing only its first characters', async () => {
    const outcome = await run(withEnv({TOKEN: `agora_${'a'.repeat(40)}`}))
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.contain('agora_aaaa…')
    expect(outcome.detail).to.not.contain('a'.repeat(20))
  })

  it("fails the seat's own cached key even when it does not look like a bearer", async () => {
    const outcome = await run(withEnv({K: 'plain-secret-value'}), {knownSecrets: ['plain-secret-value']})
    expect(outcome.status).to.equal('FAIL')
  })

  it('fails a bearer in the workspace config the harness reads', async () => {
    const base = baseDeclaration('fx-unit')
    const decl = {...base, workspace: {...base.workspace, mcpConfig: {path: 'mcp.json', format: 'json' as const, entries: []}}}
    const outcome = await run(decl, {files: {'/tmp/workspace-fake/mcp.json': `{"key":"agora_${'Z'.repeat(32)}"}`}})
    expect(outcome.status).to.equal('FAIL')
  })

  it('fails when the seat id is absent from the turn', async () => {
    const base = baseDeclaration('fx-unit')
    const outcome = await run({...base, buildCommand: (turn) => ({argv: ['fx-unit-agent', turn.mcp.command, turn.prompt], env: {}})})
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.contain('does not reach the turn')
  })

  it('warns with the process-scoped limitation', async () => {
    const outcome = await run(baseDeclaration('fx-unit', {identityScope: 'process'}))
    expect(outcome.status).to.equal('WARN')
    expect(outcome.limitation).to.equal('identity=process-scoped (one seat per server process)')
  })

  it('fails as declared unmet when identity is unmet', async () => {
    const outcome = await run(baseDeclaration('fx-unit', {unmet: ['identity']}))
    expect(outcome).to.deep.include({status: 'FAIL', detail: 'declared unmet: a turn cannot say which seat it is'})
  })
})
