import {expect} from 'chai'

import {fail, ok, rig} from '../helpers/driver-rig.js'
import {the} from '../../../../test/helpers/present.js'

describe('Driver', () => {
  it('boots a fresh reception session, then wakes it with the adopted session id', async () => {
    const {driver, turns, sessions, out} = rig([2, 2], [ok('s-1'), ok('s-1')])
    await driver.run()
    expect(turns.map((t) => [t.kind, t.sessionId, t.lane])).to.deep.equal([['boot', null, 'reception'], ['wake', 's-1', 'reception']])
    expect(the(turns, 0).prompt).to.match(/^AGORA BOOT/)
    expect(the(turns, 1).prompt).to.match(/^AGORA WAKE/)
    expect(sessions.get('reception')).to.equal('s-1')
    expect(out.filter((l) => l.includes('state=turn'))).to.deep.equal(['AGORA_DRIVE state=turn agent=bob reason=obligation', 'AGORA_DRIVE state=turn agent=bob reason=obligation'])
  })

  it('holds the wake through a transport failure, backs off 60 s doubling, and re-runs it instead of dropping it', async () => {
    const {driver, out, windows, turns} = rig([2], [fail('infrastructure', 'provider-failure'), fail('harness', 'nonzero-exit'), ok('s-9')])
    await driver.run()
    expect(turns).to.have.length(3)
    expect(out).to.include('AGORA_DRIVE state=backoff agent=bob reason=provider-failure stage=infrastructure consecutive=1 next=60s wake=held detail="provider-failure detail"')
    expect(out).to.include('AGORA_DRIVE state=backoff agent=bob reason=nonzero-exit stage=harness consecutive=2 next=120s wake=held detail="nonzero-exit detail"')
    expect(out.filter((l) => l.endsWith('reason=held-wake'))).to.have.length(2)
    expect(windows).to.deep.equal([1200, 60, 120])
    expect(out).to.include('AGORA_DRIVE recovered agent=bob after=2 failed turn(s) reason=nonzero-exit now=ok')
  })

  it('caps the backoff at the ceiling', async () => {
    const {driver, out} = rig([2], Array.from({length: 6}, () => fail('mcp-init', 'required-server-unavailable')))
    await driver.run()
    expect(out.filter((l) => l.includes('consecutive=')).map((l) => /next=(\d+)s/.exec(l)![1])).to.deep.equal(['60', '120', '240', '480', '900', '900'])
  })

  it('adopts the session and does not retry after a semantic failure', async () => {
    const {driver, out, turns, sessions} = rig([2, 0], [{...fail('mcp-use', 'no-agora-tool-call'), verdict: {...fail('mcp-use', 'no-agora-tool-call').verdict, sessionId: 's-2'}}], {maxTurns: 1})
    await driver.run()
    expect(turns).to.have.length(1)
    expect(sessions.get('reception')).to.equal('s-2')
    expect(out.some((l) => l.includes('state=backoff'))).to.equal(false)
  })

  it('stops on a harness-config failure because no retry can fix it', async () => {
    const {driver, out} = rig([2], [fail('harness-config', 'bad-config')])
    expect(await driver.run()).to.deep.equal({code: 1, reason: 'harness-config'})
    expect(out.at(-1)).to.match(/^AGORA_DRIVE event=stopped status=error agent=bob reason=harness-config/)
  })

  it('parks a wake when the hourly turn budget is spent and runs it when the hour rolls', async () => {
    const {driver, out, turns} = rig([2, 2], [ok('a'), ok('a')], {turnBudget: 1})
    await driver.run()
    expect(turns).to.have.length(2)
    expect(out.find((l) => l.includes('state=parked'))).to.match(/^AGORA_DRIVE state=parked agent=bob reason=turn-budget next=\d+s wake=held$/)
  })

  it('rotates the reception session after --session-rotate turns', async () => {
    const {driver, turns} = rig([2, 2, 2], [ok('s-1'), ok('s-1'), ok('s-2')], {sessionRotate: 2})
    await driver.run()
    expect(turns.map((t) => t.kind)).to.deep.equal(['boot', 'wake', 'boot'])
  })

  it('reports a wake that obliges nothing as a no-op', async () => {
    const {driver, out, turns} = rig([5, 2], [ok('s')])
    await driver.run()
    expect(out).to.include('AGORA_DRIVE wake-noop agent=bob reason=unowned-broadcast owed=0')
    expect(turns).to.have.length(1)
  })

  it('in --once mode exits 0 after one good turn and 1 after a failed one', async () => {
    expect(await rig([2], [ok('s')], {once: true, maxTurns: undefined}).driver.run()).to.deep.equal({code: 0, reason: 'once-ok'})
    expect(await rig([2], [fail('harness', 'timeout')], {once: true, maxTurns: undefined}).driver.run()).to.deep.equal({code: 1, reason: 'once-failed'})
    expect(await rig([0], [], {once: true, maxTurns: undefined}).driver.run()).to.deep.equal({code: 1, reason: 'once-idle'})
  })

  it('takes a lane pass when idle after reception with nothing owed, and not again before the next reception turn', async () => {
    const {driver, out, turns} = rig([2, 0, 0, 2], [ok('r'), ok('l'), ok('r')], {maxWaitS: 300}, {work: {find: async () => null, progress: async () => ({kind: 'moved'})}, initiative: async () => true})
    await driver.run()
    expect(turns.map((t) => t.lane)).to.deep.equal(['reception', 'work', 'reception'])
    expect(the(turns, 1).prompt).to.match(/^AGORA WORK CHUNK — LANE PASS/)
    expect(out.filter((l) => l.includes('reason=initiative-lane'))).to.deep.equal(['AGORA_DRIVE state=chunk agent=bob reason=initiative-lane'])
  })
})
