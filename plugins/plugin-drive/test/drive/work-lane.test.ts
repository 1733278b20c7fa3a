import {expect} from 'chai'

import type {WorkPort} from '../../src/drive/work-lane.js'
import type {ChunkProgress} from '../../src/drive/work-progress.js'
import type {WorkRow} from '../../src/drive/work-scan.js'
import {fail, ok, rig} from '../helpers/driver-rig.js'
import {the} from '../../../../test/helpers/present.js'

const ROW: WorkRow = {ref: 'build/claim:parser@3', strikes: 0, channel: 'build', key: 'claim:parser', version: 3}

/** One row, selectable until it has three strikes; every chunk reports the scripted progress. */
function lane(progress: Array<ChunkProgress | Error>, row = ROW): WorkPort & {since: number[]} {
  const since: number[] = []
  return {
    since,
    find: async (strikes) => ((strikes.get(row.ref) ?? 0) >= 3 ? null : {...row, strikes: strikes.get(row.ref) ?? 0}),
    progress: async (_row, sinceMs) => {
      since.push(sinceMs)
      const next = progress.shift() ?? {kind: 'unchanged'}
      if (next instanceof Error) throw next
      return next
    },
  }
}

describe('WorkLane', () => {
  it('spends quiet time on a continuable row with its own session and strikes a chunk that left the row unchanged', async () => {
    const work = lane([{kind: 'unchanged'}, {kind: 'unchanged'}])
    const {driver, out, turns, windows, sessions} = rig([2, 0, 0], [ok('r-1'), ok('w-1'), ok('w-1')], {}, {work})
    await driver.run()
    expect(turns.map((t) => [t.lane, t.kind, t.sessionId])).to.deep.equal([['reception', 'boot', null], ['work', 'work', null], ['work', 'work', 'w-1']])
    expect(the(turns, 1).prompt).to.match(/^AGORA WORK CHUNK — you are a driven agora seat continuing your own work/)
    expect(windows).to.deep.equal([20, 20, 20])
    expect(out).to.include('AGORA_DRIVE state=armed agent=bob reason=chunk-ready next=20s row=build/claim:parser@3')
    expect(out).to.include('AGORA_DRIVE state=chunk agent=bob reason=continuable-work row=build/claim:parser@3 strikes=1')
    expect(sessions.get('reception')).to.equal('r-1')
    expect(sessions.get('work')).to.equal('w-1')
    expect(driver.strikes.get(ROW.ref)).to.equal(2)
  })

  it('retires a row version after three no-receipt strikes, says so, and arms with reason=no-receipt', async () => {
    const {driver, out, turns} = rig([0, 0, 0, 0], [ok('w'), ok('w'), ok('w')], {maxTurns: undefined}, {work: lane([]), stopAfterListens: 4})
    await driver.run()
    expect(turns).to.have.length(3)
    expect(out.filter((l) => l.includes('initiative=retired'))).to.deep.equal([
      'AGORA_DRIVE initiative=retired agent=bob row=build/claim:parser@3 reason=no-receipt strikes=3 — 3 chunks left this row unchanged; it is skipped until it changes or an hour passes',
    ])
    expect(out).to.include('AGORA_DRIVE state=armed agent=bob reason=no-receipt next=1200s')
  })

  it('counts a receipt on another of the seat\'s rows instead of a strike, and a moved row as progress', async () => {
    const work = lane([{kind: 'receipt', ref: 'build/claim:lexer@7'}, {kind: 'moved'}])
    const {driver, out} = rig([0, 0], [ok('w'), ok('w')], {}, {work}, 5000)
    await driver.run()
    expect(out).to.include('AGORA_DRIVE initiative=receipt-off-row agent=bob row=build/claim:parser@3 receipt=build/claim:lexer@7')
    expect(driver.strikes.get(ROW.ref)).to.equal(0)
    // the receipt window opens when the chunk starts, not when it ends
    expect(work.since[0]).to.equal(1_000_000 + 20_000)
  })

  it('earns no strike for a chunk that never reached the hub (⚠ reference strikes it) or when the hub cannot say', async () => {
    const {driver, out} = rig([0, 0], [fail('infrastructure', 'provider-failure'), ok('w')], {backoffBaseS: 1}, {work: lane([new Error('hub down')])})
    await driver.run()
    expect(driver.strikes.get(ROW.ref)).to.equal(0)
    expect(out.some((l) => l.includes('state=backoff') && l.includes('reason=provider-failure'))).to.equal(true)
  })

  it('forgets strikes after an hour without a new one', async () => {
    const {driver, clock} = rig([0], [ok('w')], {}, {work: lane([])})
    await driver.run()
    expect(driver.strikes.get(ROW.ref)).to.equal(1)
    clock.now += 3_600_000
    driver.strikes.expire(clock.now)
    expect(driver.strikes.get(ROW.ref)).to.equal(0)
  })

  it('names an empty scan, an unreadable scan and a spent work budget on the armed line', async () => {
    const none = rig([0], [], {maxTurns: undefined}, {work: {find: async () => null, progress: async () => ({kind: 'moved'})}, stopAfterListens: 1})
    await none.driver.run()
    expect(none.out).to.include('AGORA_DRIVE state=armed agent=bob reason=no-continuable-work next=1200s')
    const broken = rig([0], [], {maxTurns: undefined}, {work: {find: async () => Promise.reject(new Error('503')), progress: async () => ({kind: 'moved'})}, stopAfterListens: 1})
    await broken.driver.run()
    expect(broken.out).to.include('AGORA_DRIVE state=armed agent=bob reason=work-scan-unreadable next=1200s')
    const spent = rig([0, 0], [ok('w')], {workBudget: 1, maxTurns: undefined}, {work: lane([{kind: 'moved'}]), stopAfterListens: 2})
    await spent.driver.run()
    expect(spent.out.find((l) => l.includes('reason=work-budget'))).to.match(/^AGORA_DRIVE state=armed agent=bob reason=work-budget next=\d+s row=build\/claim:parser@3$/)
  })

  it('prefixes a delegate seat\'s work chunk with SUPERVISE_PROMPT and leaves its reception turns alone', async () => {
    const {driver, turns} = rig([2, 0], [ok('r'), ok('w')], {}, {work: lane([{kind: 'moved'}]), delegate: async () => true})
    await driver.run()
    expect(the(turns, 0).prompt).to.match(/^AGORA BOOT/)
    expect(the(turns, 1).prompt).to.match(/^AGORA SUPERVISE — /)
    expect(the(turns, 1).prompt).to.include('\n\nAGORA WORK CHUNK — you are a driven agora seat')
    const plain = rig([0], [ok('w')], {}, {work: lane([{kind: 'moved'}]), delegate: async () => Promise.reject(new Error('whoami failed'))})
    await plain.driver.run()
    expect(the(plain.turns, 0).prompt).to.match(/^AGORA WORK CHUNK/)
  })

  it('takes no lane pass when the continuation scan could not be read', async () => {
    let asked = 0
    const initiative = async () => {
      asked += 1
      return true
    }
    const {driver, turns} = rig([2, 0, 0], [ok('r')], {maxTurns: undefined}, {work: {find: async () => Promise.reject(new Error('503')), progress: async () => ({kind: 'moved'})}, initiative, stopAfterListens: 3})
    await driver.run()
    expect(turns.map((t) => t.lane)).to.deep.equal(['reception'])
    expect(asked).to.equal(0)
  })

  it('resumes the work session bound to the same row across a restart, and starts fresh for another row', async () => {
    const pointer = {value: 'build/claim:parser' as string | null, get: () => pointer.value, set: (v: string | null) => (pointer.value = v)}
    const same = rig([0], [ok('w-1')], {}, {work: lane([{kind: 'moved'}]), workClaim: pointer})
    same.sessions.set('work', 'w-0')
    await same.driver.run()
    expect(the(same.turns, 0).sessionId).to.equal('w-0')
    pointer.value = 'build/claim:other'
    const other = rig([0], [ok('w-2')], {}, {work: lane([{kind: 'moved'}]), workClaim: pointer})
    other.sessions.set('work', 'w-1')
    await other.driver.run()
    expect(the(other.turns, 0).sessionId).to.equal(null)
    expect(pointer.value).to.equal('build/claim:parser')
  })
})
