import {expect} from 'chai'
import {matrixOf, renderMatrix} from '../src/render-matrix.js'
import {judge} from '../src/verdict.js'
import type {ProbeResult} from '../src/types.js'

const probe = (capability: string, status: ProbeResult['status'], limitation: string | null = null): ProbeResult =>
  ({id: 'C1', capability, status, detail: 'd', limitation})

describe('render-matrix', () => {
  const drivable = judge('alpha', [probe('binary', 'PASS'), probe('live-turn', 'SKIP')])
  const limited = judge('beta-harness', [probe('binary', 'PASS'), probe('continuity', 'WARN', 'continuity=none')])
  const blocked = judge('gamma', [probe('binary', 'FAIL'), probe('single-turn', 'SKIP')])

  it('is drivable only when every report is', () => {
    expect(matrixOf([drivable, limited]).drivable).to.equal(true)
    expect(matrixOf([drivable, blocked]).drivable).to.equal(false)
  })

  it('prints one aligned row per harness with its counts and unmet capabilities, then the drivable count and the exit code', () => {
    expect(renderMatrix(matrixOf([drivable, limited, blocked])).split('\n')).to.deep.equal([
      '  harness       verdict                    pass warn fail skip',
      '  alpha         DRIVABLE                      1    0    0    1',
      '  beta-harness  DRIVABLE WITH LIMITATIONS     1    1    0    0',
      '  gamma         NOT DRIVABLE                  0    0    1    1  unmet: binary',
      '',
      '2 of 3 drivable; exit 1',
    ])
  })
})
