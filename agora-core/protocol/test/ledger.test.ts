import {expect} from 'chai'
import {ledgerHash, pyFloat, turnPayload, verifyLedger} from '../src/index.js'
import type {LedgerTurn} from '../src/index.js'
import {the} from '../../../test/helpers/present.js'

function chain(n: number): {channel: string; head: string; turns: LedgerTurn[]} {
  const turns: LedgerTurn[] = []
  let prev = ''
  for (let seq = 1; seq <= n; seq++) {
    const t: LedgerTurn = {
      seq, id: `M${seq}`, sender: 'alice', kind: 'message', status: 'fyi', urgency: 'inbox',
      critical: 0, downgraded: 0, to: [], title: '', body: `b${seq}`, data: null, reply_to: null,
      created_at: 1700000000 + seq, hash: null,
    }
    t.hash = ledgerHash(prev, turnPayload('room', t))
    prev = t.hash
    turns.push(t)
  }
  return {channel: 'room', head: prev, turns}
}

describe('verifyLedger', () => {
  it('reports an untouched chain intact', () => {
    expect(verifyLedger(chain(4))).to.deep.equal({intact: true, brokenAt: null, headMismatch: false, turns: 4})
  })

  it('names the first edited seq', () => {
    const report = chain(4)
    the(report.turns, 2).body = 'edited'
    expect(verifyLedger(report)).to.include({intact: false, brokenAt: 3})
  })

  it('treats a retracted turn as link-only', () => {
    const report = chain(3)
    Object.assign(the(report.turns, 1), {body: '[retracted by alice]', title: '', data: null, status: 'fyi', retracted: true})
    expect(verifyLedger(report).intact).to.equal(true)
  })

  it('breaks at an unhashed turn after a hashed one', () => {
    const report = chain(3)
    the(report.turns, 2).hash = null
    expect(verifyLedger(report).brokenAt).to.equal(3)
  })

  it('flags a head that differs from the chain', () => {
    const report = chain(2)
    report.head = 'f'.repeat(64)
    expect(verifyLedger(report)).to.include({intact: false, brokenAt: null, headMismatch: true})
  })

  it('hashes created_at as a float even when integral', () => {
    const t = the(chain(1).turns, 0)
    expect(turnPayload('room', t).created_at).to.deep.equal(pyFloat(1700000001))
  })
})
