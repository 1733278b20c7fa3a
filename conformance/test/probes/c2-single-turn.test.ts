import {expect} from 'chai'
import {c2SingleTurn} from '../../src/probes/c2-single-turn.js'
import type {ProbeId, ProbeResult, SpawnRequest} from '../../src/types.js'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {contextFor, fakePorts, ok, targetOf} from '../helpers.js'
import {the} from '../../../test/helpers/present.js'

describe('probes/c2-single-turn', () => {
  const target = targetOf(baseDeclaration('fx-unit'))
  const earlier = new Map<ProbeId, ProbeResult>([['C1', {id: 'C1', capability: 'binary', status: 'PASS', detail: '', limitation: null, details: {path: '/opt/bin/fx-unit-agent'}}]])

  it('runs the probe argv from the resolved path with the injected timeout and no AGORA_* env', async () => {
    const spawned: SpawnRequest[] = []
    const ctx = contextFor(target, {ports: fakePorts({spawned}), timeouts: {probeMs: 1234, selfCheckMs: 1, liveMs: 1}})
    const outcome = await c2SingleTurn.run(ctx, earlier)
    expect(the(spawned, 0).argv).to.deep.equal(['/opt/bin/fx-unit-agent', '--version'])
    expect(the(spawned, 0).timeoutMs).to.equal(1234)
    expect(Object.keys(the(spawned, 0).env).filter((k) => k.startsWith('AGORA_'))).to.deep.equal([])
    expect(outcome.status).to.equal('PASS')
    expect(outcome.detail).to.match(/^terminates with stdin closed \(rc=0 in \d+\.\ds\)$/)
  })

  it('counts any exit code as terminating', async () => {
    const ctx = contextFor(target, {ports: fakePorts({spawn: async () => ok('', {exitCode: 3})})})
    expect((await c2SingleTurn.run(ctx, earlier)).status).to.equal('PASS')
  })

  it('fails a probe argv that outlives the timeout', async () => {
    const ctx = contextFor(target, {ports: fakePorts({spawn: async () => ok('', {exitCode: null, timedOut: true})})})
    const outcome = await c2SingleTurn.run(ctx, earlier)
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.contain('did not terminate within 20s with stdin closed')
  })

  it('fails with the spawn error when the binary cannot run', async () => {
    const ctx = contextFor(target, {ports: fakePorts({spawn: async () => ok('', {exitCode: null, error: 'spawn EACCES'})})})
    expect((await c2SingleTurn.run(ctx, earlier)).detail).to.contain('could not run: spawn EACCES')
  })

  it('fails without running anything when single-turn is declared unmet', async () => {
    const spawned: SpawnRequest[] = []
    const unmet = targetOf(baseDeclaration('fx-unit', {unmet: ['single-turn']}))
    const outcome = await c2SingleTurn.run(contextFor(unmet, {ports: fakePorts({spawned})}), earlier)
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.match(/^declared unmet/)
    expect(spawned).to.deep.equal([])
  })
})
