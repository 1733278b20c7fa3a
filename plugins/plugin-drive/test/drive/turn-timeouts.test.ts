import {expect} from 'chai'
import {DriveRefusal} from '../../src/drive/arm.js'
import {DEFAULT_TURN_S, turnTimeouts} from '../../src/drive/turn-timeouts.js'

describe('turn bounds per transport (agora drive --reception-timeout / --work-timeout)', () => {
  const argvHarness = {name: 'claude', transport: 'argv'}
  const httpHarness = {name: 'orca', transport: 'http'}

  it('keeps the operator\'s bounds, or 3600 s, for a transport with no bound of its own', () => {
    const lines: string[] = []
    expect(turnTimeouts({}, argvHarness, l => lines.push(l))).to.deep.equal({reception: DEFAULT_TURN_S, work: DEFAULT_TURN_S})
    expect(turnTimeouts({receptionTimeout: 7200, workTimeout: 600}, argvHarness, l => lines.push(l))).to.deep.equal({reception: 7200, work: 600})
    expect(lines).to.deep.equal([])
  })

  it('lowers the default to 1740 s for the http transport, whose turn token lives at most 1800 s, and says so', () => {
    const lines: string[] = []
    expect(turnTimeouts({}, httpHarness, l => lines.push(l))).to.deep.equal({reception: 1740, work: 1740})
    expect(lines).to.deep.equal([
      'AGORA_DRIVE event=bound flag=reception-timeout seconds=1740 reason=http-transport-turn-token',
      'AGORA_DRIVE event=bound flag=work-timeout seconds=1740 reason=http-transport-turn-token',
    ])
  })

  it('keeps a bound within 1740 s on the http transport as given', () => {
    const lines: string[] = []
    expect(turnTimeouts({receptionTimeout: 1740, workTimeout: 300}, httpHarness, l => lines.push(l))).to.deep.equal({reception: 1740, work: 300})
    expect(lines).to.deep.equal([])
  })

  it('refuses a longer bound on the http transport, naming the longest that works', () => {
    let err: unknown = null
    try { turnTimeouts({receptionTimeout: 3600}, httpHarness, () => {}) } catch (e) { err = e }
    expect(err).to.be.instanceOf(DriveRefusal)
    expect((err as Error).message).to.equal("--reception-timeout 3600 is longer than a turn of the 'orca' harness can keep its agora tools (its http transport carries at most 1740 s: the turn token it hands the worker lives at most 1800 s); pass --reception-timeout 1740 or less")
    expect(() => turnTimeouts({workTimeout: 1741}, httpHarness, () => {})).to.throw(DriveRefusal, /--work-timeout 1740 or less/)
  })
})
