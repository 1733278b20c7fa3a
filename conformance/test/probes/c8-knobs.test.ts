import {expect} from 'chai'
import {c8Knobs, probeRequest} from '../../src/probes/c8-knobs.js'
import type {HarnessDeclaration} from '@agora/contract'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {contextFor, targetOf} from '../helpers.js'

describe('probes/c8-knobs', () => {
  const run = (decl: HarnessDeclaration) => c8Knobs.run(contextFor(targetOf(decl)), new Map())
  const ignoring = (field: 'model' | 'reasoning' | 'harnessArgs' | 'permissionArgv'): HarnessDeclaration => {
    const base = baseDeclaration('fx-unit')
    const blank = field === 'harnessArgs' || field === 'permissionArgv' ? [] : null
    return {...base, buildCommand: (turn) => base.buildCommand({...turn, [field]: blank})}
  }

  it('passes when every declared knob reaches the turn', async () => {
    const outcome = await run(baseDeclaration('fx-unit'))
    expect(outcome).to.deep.include({status: 'PASS', detail: 'reach the turn: model,provider,reasoning,permissions,harness-args'})
  })

  for (const [field, knob] of [['model', 'model'], ['reasoning', 'reasoning'], ['harnessArgs', 'harness-args'], ['permissionArgv', 'permissions']] as const) {
    it(`fails with a limitation when the declared ${knob} knob is accepted and dropped`, async () => {
      const outcome = await run(ignoring(field))
      expect(outcome.status).to.equal('FAIL')
      expect(outcome.detail).to.contain(`ACCEPTED AND DROPPED: ${knob}`)
      expect(outcome.limitation).to.equal(`knobs: ${knob} accepted and dropped — the seat would run without them`)
    })
  }

  it('counts undeclared knobs as correctly refused, --harness-arg and permissions included (the reference never probed those)', async () => {
    const decl = baseDeclaration('fx-unit', {supports: ['model', 'session'], reasoningVocab: []})
    const outcome = await run(decl)
    expect(outcome.status).to.equal('PASS')
    expect(outcome.details?.refused).to.deep.equal(['provider', 'reasoning', 'permissions', 'harness-args'])
    expect(outcome.details?.reached).to.deep.equal(['model'])
  })

  it('reports a knob refused by a declared requirement as refused at build', async () => {
    const decl = baseDeclaration('fx-unit', {knobRequirements: [{knob: 'provider', requires: ['model'], reason: 'the provider prefixes the model.'}]})
    const outcome = await run(decl)
    expect(outcome.status).to.equal('PASS')
    expect(outcome.detail).to.contain('correctly refused: provider(refused at build)')
  })

  it('probes the last reasoning value and the last non-default permission level', () => {
    const decl = baseDeclaration('fx-unit', {permissions: {vocab: ['read', 'write', 'all'], argv: {read: ['--ro'], write: ['--rw'], all: ['--yolo']}, rationale: '', default: 'all'}})
    expect(probeRequest(decl, 'reasoning')).to.deep.equal({request: {reasoning: 'high'}, value: 'high'})
    expect(probeRequest(decl, 'permissions')?.request).to.deep.equal({permissions: 'write'})
  })

  it('does not probe permissions when the vocabulary holds only the default level', () => {
    const decl = baseDeclaration('fx-unit', {permissions: {vocab: ['write'], argv: {}, rationale: 'one level only.', default: null}})
    expect(probeRequest(decl, 'permissions')).to.equal(null)
  })

  it('skips when a hard item is declared unmet', async () => {
    expect((await run(baseDeclaration('fx-unit', {unmet: ['identity']}))).status).to.equal('SKIP')
  })
})
