import type {Ledger, LedgerTurn} from '@agora/client'
import {ledgerHash, parseJsonLossless, pyFloat, verifyLedger} from '@agora/protocol'
import {expect} from 'chai'

import {checkLedger} from '../src/ledger-check.js'
import {the} from '../../../test/helpers/present.js'

/** Build a chain with the protocol's hasher so the independent walk can be checked against it. */
function chain(bodies: string[]): Ledger {
  let prev = ''
  const turns: LedgerTurn[] = bodies.map((body, i) => {
    const turn = {
      body, created_at: 1700000000 + i, critical: 0, data: i === 1 ? parseJsonLossless('{"x":2.0}') : null, downgraded: 0,
      id: `id${i}`, kind: 'message', reply_to: null, retracted: false, sender: 'alice', seq: i + 1, status: 'fyi', title: '', to: [], urgency: 'inbox',
    } as unknown as LedgerTurn
    const hash = ledgerHash(prev, {...turn, channel: 'c', created_at: pyFloat(turn.created_at), hash: undefined, retracted: undefined})
    prev = hash
    return {...turn, hash}
  })
  return {channel: 'c', count: turns.length, head: prev, turns}
}

describe('ledger-check', () => {
  it('agrees with the protocol verifier on an intact chain', () => {
    const ledger = chain(['a', 'b', 'c'])
    expect(checkLedger(ledger)).to.include({broken_at: null, intact: true, verdict: 'INTACT'})
    expect(verifyLedger(ledger as never).intact).to.equal(true)
  })

  it('breaks at the first recomputed mismatch and keeps walking the stored chain', () => {
    const ledger = chain(['a', 'b', 'c'])
    the(ledger.turns, 1).body = 'B'
    expect(checkLedger(ledger)).to.include({broken_at: 2, verdict: 'TAMPERED'})
  })

  it('treats a retracted turn as link-only', () => {
    const ledger = chain(['a', 'b', 'c'])
    Object.assign(the(ledger.turns, 1), {body: '[retracted by alice]', data: null, retracted: true})
    expect(checkLedger(ledger).verdict).to.equal('INTACT')
  })

  it('flags an unhashed turn after a hashed one', () => {
    const ledger = chain(['a', 'b', 'c'])
    the(ledger.turns, 2).hash = null
    expect(checkLedger(ledger).broken_at).to.equal(3)
  })

  it('reports a head mismatch as TAMPERED with no broken turn', () => {
    const ledger = {...chain(['a']), head: 'f'.repeat(64)}
    expect(checkLedger(ledger)).to.include({broken_at: null, head_mismatch: true, verdict: 'TAMPERED'})
  })
})
