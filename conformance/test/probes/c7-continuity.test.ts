import {expect} from 'chai'
import {c7Continuity} from '../../src/probes/c7-continuity.js'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {contextFor, targetOf} from '../helpers.js'

describe('probes/c7-continuity', () => {
  it('passes with the declared continuity style', async () => {
    for (const continuity of ['resume-id', 'state-file'] as const) {
      const outcome = await c7Continuity.run(contextFor(targetOf(baseDeclaration('fx-unit', {continuity}))), new Map())
      expect(outcome).to.deep.include({status: 'PASS', detail: continuity})
    }
  })

  it('warns with the continuity=none limitation', async () => {
    const outcome = await c7Continuity.run(contextFor(targetOf(baseDeclaration('fx-unit', {continuity: 'none'}))), new Map())
    expect(outcome.status).to.equal('WARN')
    expect(outcome.limitation).to.match(/^continuity=none/)
  })
})
