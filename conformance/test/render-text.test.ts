import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {renderText} from '../src/render-text.js'
import {judge} from '../src/verdict.js'
import type {ProbeResult} from '../src/types.js'

const COLOUR = fileURLToPath(new URL('../src/colour.ts', import.meta.url))

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

  it('keeps the status column aligned for C10', () => {
    const text = renderText(judge('fx', [{id: 'C1', capability: 'binary', status: 'PASS', detail: 'x', limitation: null}, {id: 'C10', capability: 'lease-hook', status: 'SKIP', detail: 'y', limitation: null}]))
    expect(text).to.contain('  C1 binary         PASS x\n  C10 lease-hook    SKIP y')
  })

  it('colours status words only for a terminal that wants colour: NO_COLOR and TERM=dumb win, FORCE_COLOR forces', () => {
    // ansis reads the environment once at load, so each case is its own process
    const paint = (env: Record<string, string>, tty: boolean) => execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e',
      `const {colourFor} = await import(${JSON.stringify(COLOUR)}); process.stdout.write(colourFor({isTTY: ${tty}})('fail', 'FAIL'))`],
    {env: {PATH: process.env.PATH ?? '', ...env}, encoding: 'utf8'})
    expect(paint({FORCE_COLOR: '1'}, false)).to.equal('\u001b[31mFAIL\u001b[39m')
    expect(paint({FORCE_COLOR: '1', NO_COLOR: '1'}, true)).to.equal('FAIL')
    expect(paint({FORCE_COLOR: '1', TERM: 'dumb'}, true)).to.equal('FAIL')
    expect(paint({}, false)).to.equal('FAIL')
    expect(renderText(judge('fx', [{id: 'C1', capability: 'binary', status: 'FAIL', detail: 'x', limitation: null}]), (kind, text) => `<${kind}>${text}`))
      .to.contain('  C1 binary         <fail>FAIL x').and.to.contain('<fail>VERDICT: NOT DRIVABLE')
  })
})
