import {expect} from 'chai'
import type {LeaseCheck} from '@agora/protocol'
import {refusalText} from '../../src/hook/lease-gate.js'

describe('lease gate refusal text', () => {
  it('names the hub\'s own detail when a refused check lists no conflict, instead of throwing', () => {
    const check = {workspace: 'w', clear: false, conflicts: [], detail: 'src/a.ts is leased'} as LeaseCheck
    const text = refusalText(check)
    expect(text).to.equal('AGORA LEASE — this write was refused and nothing changed: src/a.ts is leased. Reading these files is never blocked; check with `agora lease list`.')
  })
})
