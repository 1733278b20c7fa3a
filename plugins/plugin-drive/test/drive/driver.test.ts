import {expect} from 'chai'

import type {TurnVerdict} from '@agora/contract'

import {Driver} from '../../src/drive/driver.js'
import type {DriverOptions} from '../../src/drive/driver.js'
import {memorySessions} from '../../src/drive/sessions.js'
import type {TurnOutcome, TurnRequest} from '../../src/drive/turn-runner.js'

const ok = (sessionId: string | null): TurnOutcome => ({verdict: {ok: true, stage: null, reason: null, detail: '', tools: ['check_inbox'], sessionId, notices: []}, exitCode: 0, durationS: 1})
const fail = (stage: TurnVerdict['stage'], reason: string): TurnOutcome => ({verdict: {ok: false, stage, reason, detail: `${reason} detail`, tools: [], sessionId: null, notices: []}, exitCode: 1, durationS: 1})

/** A scripted listener and turn runner over a fake clock that advances by each listen window. */
function rig(listens: number[], outcomes: TurnOutcome[], extra: Partial<DriverOptions> = {}, findWork?: (strikes: Map<string, number>) => Promise<{ref: string; strikes: number} | null>, initiative?: () => Promise<boolean>) {
  let clock = 1_000_000
  const out: string[] = []
  const windows: number[] = []
  const turns: TurnRequest[] = []
  const sessions = memorySessions()
  const driver = new Driver(
    {agentId: 'bob', maxWaitS: 1200, turnBudget: 250, workBudget: 100, receptionTimeoutS: 3600, workTimeoutS: 3600, sessionRotate: 25, once: false, maxTurns: outcomes.length, ...extra},
    {
      out: (l) => out.push(l),
      listen: async (window) => {
        windows.push(window)
        const rc = listens.shift() ?? 0
        if (rc === 0) clock += window * 1000
        return rc
      },
      runTurn: async (request) => {
        turns.push(request)
        return outcomes.shift() ?? ok(null)
      },
      sessions,
      findWork,
      initiative,
      now: () => clock,
      touch: () => {},
    },
  )
  return {driver, out, windows, turns, sessions}
}

describe('Driver', () => {
  it('boots a fresh reception session, then wakes it with the adopted session id', async () => {
    const {driver, turns, sessions, out} = rig([2, 2], [ok('s-1'), ok('s-1')])
    await driver.run()
    expect(turns.map((t) => [t.kind, t.sessionId, t.lane])).to.deep.equal([['boot', null, 'reception'], ['wake', 's-1', 'reception']])
    expect(turns[0].prompt).to.match(/^AGORA BOOT/)
    expect(turns[1].prompt).to.match(/^AGORA WAKE/)
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

  it('spends quiet time on a continuable row in the work lane, with its own session, and strikes a row the chunk left unchanged', async () => {
    const row = {ref: 'build/claim:parser@3', strikes: 0}
    const findWork = async (strikes: Map<string, number>) => ((strikes.get(row.ref) ?? 0) >= 3 ? null : {...row, strikes: strikes.get(row.ref) ?? 0})
    const {driver, out, turns, windows, sessions} = rig([2, 0, 0], [ok('r-1'), ok('w-1'), ok('w-1')], {}, findWork)
    await driver.run()
    expect(turns.map((t) => [t.lane, t.kind, t.sessionId])).to.deep.equal([['reception', 'boot', null], ['work', 'work', null], ['work', 'work', 'w-1']])
    expect(turns[1].prompt).to.match(/^AGORA WORK CHUNK — you are a driven agora seat continuing your own work/)
    expect(windows).to.deep.equal([20, 20, 20])
    expect(out).to.include('AGORA_DRIVE state=chunk agent=bob reason=continuable-work row=build/claim:parser@3 strikes=1')
    expect(sessions.get('reception')).to.equal('r-1')
    expect(sessions.get('work')).to.equal('w-1')
    expect(driver.strikes.get(row.ref)).to.equal(2)
  })

  it('takes a lane pass when idle after reception with nothing owed, and not again before the next reception turn', async () => {
    const {driver, out, turns} = rig([2, 0, 0, 2], [ok('r'), ok('l'), ok('r')], {maxWaitS: 300}, async () => null, async () => true)
    await driver.run()
    expect(turns.map((t) => t.lane)).to.deep.equal(['reception', 'work', 'reception'])
    expect(turns[1].prompt).to.match(/^AGORA WORK CHUNK — LANE PASS/)
    expect(out.filter((l) => l.includes('reason=initiative-lane'))).to.deep.equal(['AGORA_DRIVE state=chunk agent=bob reason=initiative-lane'])
  })
})
