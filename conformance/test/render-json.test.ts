import {expect} from 'chai'
import {renderJson} from '../src/render-json.js'
import {judge} from '../src/verdict.js'
import {expectSchemaValid} from './schema.js'

describe('render-json', () => {
  it('prints the report in the published schema, with limitation null when absent', () => {
    const report = judge('fx', [
      {id: 'C1', capability: 'binary', status: 'PASS', detail: '/x', limitation: null, details: {path: '/x'}},
      {id: 'C7', capability: 'continuity', status: 'WARN', detail: 'none declared', limitation: 'continuity=none'},
    ])
    const printed = JSON.parse(renderJson(report))
    expectSchemaValid(printed)
    expect(Object.keys(printed)).to.deep.equal(['harness', 'drivable', 'verdict', 'unmet', 'limitations', 'probes', 'counts'])
    expect(printed.probes[0]).to.deep.equal({id: 'C1', capability: 'binary', status: 'PASS', detail: '/x', limitation: null, details: {path: '/x'}})
  })

  it('is rejected by the schema when drivable contradicts the verdict', () => {
    const report = JSON.parse(renderJson(judge('fx', [{id: 'C1', capability: 'binary', status: 'FAIL', detail: 'x', limitation: null}])))
    report.drivable = true
    expect(() => expectSchemaValid(report)).to.throw()
  })
})
