import {expect} from 'chai'
import {c0Declared} from '../../src/probes/c0-declared.js'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {contextFor, targetOf} from '../helpers.js'

describe('probes/c0-declared', () => {
  it('passes an installed, schema-valid declaration, naming its plugin', async () => {
    const outcome = await c0Declared.run(contextFor(targetOf(baseDeclaration('fx-unit'))), new Map())
    expect(outcome.status).to.equal('PASS')
    expect(outcome.detail).to.equal('inline@0.0.0 (core), contract ^1')
  })

  it('fails a name no installed plugin declares, pointing at plugin install', async () => {
    const outcome = await c0Declared.run(contextFor(null), new Map())
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.contain("no installed harness plugin declares 'nosuch'")
    expect(outcome.detail).to.contain('agora plugins install')
  })

  it('fails an invalid declaration with every problem discovery found', async () => {
    const target = targetOf(baseDeclaration('fx-unit', {contract: '^9'}))
    expect(target.valid).to.equal(false)
    const outcome = await c0Declared.run(contextFor(target), new Map())
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.contain("contract range '^9'")
  })
})
