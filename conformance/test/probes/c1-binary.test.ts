import {expect} from 'chai'
import {c1Binary} from '../../src/probes/c1-binary.js'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {contextFor, fakePorts, targetOf} from '../helpers.js'

describe('probes/c1-binary', () => {
  const target = targetOf(baseDeclaration('fx-unit'))

  it('passes with the resolved path of the declared binary', async () => {
    const asked: string[] = []
    const ports = fakePorts({which: async (binary) => (asked.push(binary), `/opt/bin/${binary}`)})
    const outcome = await c1Binary.run(contextFor(target, {ports}), new Map())
    expect(asked).to.deep.equal(['fx-unit-agent'])
    expect(outcome).to.deep.include({status: 'PASS', detail: '/opt/bin/fx-unit-agent'})
  })

  it('fails naming the binary that is not on PATH', async () => {
    const ports = fakePorts({which: async () => null})
    const outcome = await c1Binary.run(contextFor(target, {ports}), new Map())
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.match(/^`fx-unit-agent` is not on PATH/)
  })
})
