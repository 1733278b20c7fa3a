import {expect} from 'chai'
import {BLOCKING, exitCodeOf, judge} from '../src/verdict.js'
import type {ProbeResult} from '../src/types.js'

const r = (capability: string, status: ProbeResult['status'], limitation: string | null = null): ProbeResult =>
  ({id: 'C1', capability, status, detail: 'd', limitation})

describe('verdict', () => {
  it('is NOT DRIVABLE with exit 1 when the live turn (run only under --live) failed', () => {
    const report = judge('h', [r('binary', 'PASS'), r('live-turn', 'FAIL')])
    expect(report.verdict).to.equal('NOT DRIVABLE')
    expect(report.unmet).to.deep.equal(['live-turn'])
    expect(exitCodeOf(report)).to.equal(1)
  })

  it('blocks on the hard items, agora-runtime, binary and the declaration itself', () => {
    expect([...BLOCKING].sort()).to.deep.equal(['agora-runtime', 'binary', 'declared', 'identity', 'live-turn', 'single-turn', 'tool-reach'])
  })

  it('is NOT DRIVABLE with exit 1 when a blocking capability fails, naming each once', () => {
    const report = judge('h', [r('binary', 'FAIL'), r('identity', 'FAIL'), r('identity', 'FAIL'), r('evidence', 'WARN', 'evidence=exit-code-only')])
    expect(report).to.deep.include({verdict: 'NOT DRIVABLE', drivable: false, unmet: ['binary', 'identity']})
    expect(exitCodeOf(report)).to.equal(1)
  })

  it('is NOT DRIVABLE for an undeclared harness (the reference let C0 through as DRIVABLE)', () => {
    expect(judge('nosuch', [r('declared', 'FAIL')]).verdict).to.equal('NOT DRIVABLE')
  })

  it('is DRIVABLE WITH LIMITATIONS when any probe names one, a failing C8 included, with exit 0', () => {
    const report = judge('h', [r('knobs', 'FAIL', 'knobs: model accepted and dropped'), r('continuity', 'WARN', 'continuity=none')])
    expect(report).to.deep.include({verdict: 'DRIVABLE WITH LIMITATIONS', drivable: true})
    expect(report.limitations).to.deep.equal(['knobs: model accepted and dropped', 'continuity=none'])
    expect(exitCodeOf(report)).to.equal(0)
  })

  it('is DRIVABLE otherwise, counting every status', () => {
    const report = judge('h', [r('binary', 'PASS'), r('continuity', 'WARN'), r('live-turn', 'SKIP')])
    expect(report.verdict).to.equal('DRIVABLE')
    expect(report.counts).to.deep.equal({pass: 1, warn: 1, fail: 0, skip: 1})
  })
})
