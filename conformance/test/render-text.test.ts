import {expect} from 'chai'
import {renderText} from '../src/render-text.js'
import {judge} from '../src/verdict.js'
import type {ProbeResult} from '../src/types.js'

describe('render-text', () => {
  it('lays out probe lines, degrade lines, the verdict and the counts', () => {
    const probes: ProbeResult[] = [
      {id: 'C1', capability: 'binary', status: 'PASS', detail: '/usr/bin/fx', limitation: null},
      {id: 'C6', capability: 'evidence', status: 'WARN', detail: 'no machine-readable turn stream', limitation: 'evidence=exit-code-only'},
      {id: 'C9', capability: 'live-turn', status: 'SKIP', detail: 'pass --live', limitation: null},
    ]
    expect(renderText(judge('fx', probes))).to.equal([
      'agora harness-check — fx',
      '',
      '  C1 binary         PASS /usr/bin/fx',
      '  C6 evidence       WARN no machine-readable turn stream',
      '       -> agora degrades: evidence=exit-code-only',
      '  C9 live-turn      SKIP pass --live',
      '',
      'VERDICT: DRIVABLE WITH LIMITATIONS — evidence=exit-code-only',
      '  1 pass, 1 warn, 0 fail, 1 skipped',
    ].join('\n'))
  })

  it('names the unmet capabilities and the in-session fallback when not drivable', () => {
    const text = renderText(judge('fx', [{id: 'C1', capability: 'binary', status: 'FAIL', detail: 'x', limitation: null}]))
    expect(text).to.contain('VERDICT: NOT DRIVABLE — unmet: binary\n  This seat still works IN-SESSION')
  })

  it('prints a bare DRIVABLE verdict', () => {
    expect(renderText(judge('fx', [{id: 'C1', capability: 'binary', status: 'PASS', detail: 'x', limitation: null}]))).to.contain('\nVERDICT: DRIVABLE\n')
  })
})
