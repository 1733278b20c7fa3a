import {expect} from 'chai'
import {applyDeclaredUnmet} from '../src/declared-unmet.js'
import type {ProbeResult} from '../src/types.js'
import {baseDeclaration} from './fixtures/base-declaration.js'

describe('declared-unmet', () => {
  const result = (status: ProbeResult['status'], capability = 'continuity'): ProbeResult =>
    ({id: 'C7', capability, status, detail: 'resume-id', limitation: null})
  const decl = baseDeclaration('fx-unit', {unmet: ['continuity']})

  it('turns a PASS of a declared unmet item into WARN "stale: remove from unmet"', () => {
    expect(applyDeclaredUnmet(decl, result('PASS'))).to.deep.include({status: 'WARN', detail: 'stale: remove from unmet — continuity passes (resume-id)'})
  })

  it('keeps a FAIL of a declared unmet item, saying it was declared', () => {
    expect(applyDeclaredUnmet(decl, result('FAIL')).detail).to.equal('declared unmet: resume-id')
  })

  it('leaves results of items not declared unmet alone', () => {
    expect(applyDeclaredUnmet(decl, result('PASS', 'evidence')).status).to.equal('PASS')
    expect(applyDeclaredUnmet(null, result('PASS')).status).to.equal('PASS')
  })
})
