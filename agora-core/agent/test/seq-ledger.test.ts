import {expect} from 'chai'

import type {Envelope} from '@agora/client'

import {SeqLedger} from '../src/seq-ledger.js'

const env = (channel: string, seq: number): Envelope => ({channel, seq, id: `${channel}-${seq}`} as Envelope)

describe('SeqLedger', () => {
  it('accepts each (channel, seq) once, whichever path delivers it again', () => {
    const ledger = new SeqLedger()
    expect(ledger.accept(env('room', 4))).to.equal(true)
    expect(ledger.accept(env('room', 4))).to.equal(false)
    expect(ledger.accept(env('lab', 4))).to.equal(true)
  })

  it('refuses anything at or below a saved cursor and the handled seqs above it', () => {
    const ledger = new SeqLedger({room: {acked: 10, handled: [12]}})
    expect(ledger.accept(env('room', 9))).to.equal(false)
    expect(ledger.accept(env('room', 11))).to.equal(true)
    expect(ledger.accept(env('room', 12))).to.equal(false)
  })

  it('snapshots the acked cursor with the handled seqs still above it', () => {
    const ledger = new SeqLedger()
    for (const seq of [3, 4, 5]) ledger.accept(env('room', seq))
    ledger.markHandled('room', 3)
    ledger.markHandled('room', 5)
    ledger.markAcked('room', 3)
    expect(ledger.snapshot()).to.deep.equal({room: {acked: 3, handled: [5]}})
    expect(ledger.cursors()).to.deep.equal({room: 3})
    ledger.markAcked('room', 2)
    expect(ledger.cursors()).to.deep.equal({room: 3})
  })
})
