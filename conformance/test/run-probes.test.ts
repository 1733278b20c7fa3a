import {expect} from 'chai'
import {runProbes} from '../src/run-probes.js'
import type {Probe, ProbeId} from '../src/types.js'
import {baseDeclaration} from './fixtures/base-declaration.js'
import {contextFor, targetOf} from './helpers.js'
import {the} from '../../test/helpers/present.js'

const probe = (id: ProbeId, run: Probe['run'], needs: ProbeId[] = [], kind: Probe['kind'] = 'structural'): Probe =>
  ({id, capability: `cap-${id}`, needs, kind, run})
const pass: Probe['run'] = async () => ({status: 'PASS', detail: 'fine'})

describe('run-probes', () => {
  const ctx = contextFor(targetOf(baseDeclaration('fx-unit')))

  it('turns a thrown error into FAIL "probe crashed" and runs the rest', async () => {
    const results = await runProbes(ctx, [
      probe('C1', async () => {
        throw new Error('kaboom\nstack line')
      }),
      probe('C7', pass),
    ])
    expect(results[0]).to.deep.include({id: 'C1', status: 'FAIL', detail: 'probe crashed: kaboom'})
    expect(results[1]).to.deep.include({id: 'C7', status: 'PASS'})
  })

  it('skips a probe whose prerequisite failed or was skipped, naming it', async () => {
    const results = await runProbes(ctx, [
      probe('C1', async () => ({status: 'FAIL', detail: 'gone'})),
      probe('C2', pass, ['C1']),
      probe('C4', pass, ['C2']),
    ])
    expect(results[1]).to.deep.include({status: 'SKIP', detail: 'needs C1 (cap-C1), which failed'})
    expect(results[2]).to.deep.include({status: 'SKIP', detail: 'needs C2 (cap-C2), which did not run'})
  })

  it('skips a live probe without --live, and runs it with', async () => {
    const live = [probe('C9', pass, [], 'live')]
    expect((await runProbes(ctx, live))[0]).to.deep.include({status: 'SKIP', detail: 'pass --live to run one real turn (one model call)'})
    expect(the(await runProbes({...ctx, live: true}, live), 0).status).to.equal('PASS')
  })

  it('hands each probe the results before it, and returns them in display order', async () => {
    let seen: string[] = []
    const results = await runProbes(ctx, [
      probe('C9', pass),
      probe('C6', async (_ctx, earlier) => {
        seen = [...earlier.keys()]
        return {status: 'PASS', detail: 'x'}
      }),
      probe('C0', pass),
    ])
    expect(seen).to.deep.equal(['C9'])
    expect(results.map((r) => r.id)).to.deep.equal(['C0', 'C6', 'C9'])
  })

  it('reports progress for every probe', async () => {
    const events: string[] = []
    await runProbes(ctx, [probe('C1', pass), probe('C2', pass)], {start: (p) => events.push(`start ${p.id}`), done: (r) => events.push(`done ${r.id}`)})
    expect(events).to.deep.equal(['start C1', 'done C1', 'start C2', 'done C2'])
  })
})
