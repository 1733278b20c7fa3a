import {expect} from 'chai'
import {c6Evidence} from '../../src/probes/c6-evidence.js'
import type {ProbeId, ProbeResult, Status} from '../../src/types.js'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {contextFor, targetOf} from '../helpers.js'

describe('probes/c6-evidence', () => {
  const target = targetOf(baseDeclaration('fx-unit'))
  const afterLive = (status: Status) =>
    new Map<ProbeId, ProbeResult>([['C9', {id: 'C9', capability: 'live-turn', status, detail: '', limitation: null}]])

  it('passes a declared stream and asks for --live to verify it', async () => {
    const outcome = await c6Evidence.run(contextFor(target), new Map())
    expect(outcome).to.deep.include({status: 'PASS', detail: 'ndjson: call / done (pass --live to verify)'})
  })

  it('says "verified by the live turn" only when C9 passed (the reference said it whenever --live was given)', async () => {
    const live = contextFor(target, {live: true})
    expect((await c6Evidence.run(live, afterLive('PASS'))).detail).to.equal('ndjson: call / done (verified by the live turn)')
    const failed = await c6Evidence.run(live, afterLive('FAIL'))
    expect(failed.status).to.equal('WARN')
    expect(failed.detail).to.not.contain('verified by the live turn')
    expect((await c6Evidence.run(live, afterLive('SKIP'))).detail).to.not.contain('verified by the live turn')
  })

  it('warns with the exit-code-only limitation when no stream is declared', async () => {
    const outcome = await c6Evidence.run(contextFor(targetOf(baseDeclaration('fx-unit', {evidence: null, unmet: ['evidence']}))), new Map())
    expect(outcome.status).to.equal('WARN')
    expect(outcome.limitation).to.match(/^evidence=exit-code-only/)
  })
})
