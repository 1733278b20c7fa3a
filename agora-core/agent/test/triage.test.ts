import {expect} from 'chai'

import type {Envelope} from '@agora/client'

import {skipReason} from '../src/triage.js'

const base = {
  channel: 'room', seq: 5, id: 'x', sender: 'bob', kind: 'message', status: 'fyi', retracted: false, critical: false,
  escalated: false, to_me: false, reply_to_me: false,
} as unknown as Envelope
const of = (patch: Partial<Envelope>): Envelope => ({...base, ...patch})
const options = {seat: 'alice', includeFyi: false, shouldHandle: undefined}

describe('skipReason', () => {
  it('skips own messages, hub rows and tombstones whatever the options say', () => {
    const always = {...options, includeFyi: true, shouldHandle: () => true}
    expect(skipReason(of({sender: 'alice'}), always)).to.equal('own-message')
    expect(skipReason(of({kind: 'system'}), always)).to.equal('system-row')
    expect(skipReason(of({kind: 'fs'}), always)).to.equal('system-row')
    expect(skipReason(of({sender: 'hub'}), always)).to.equal('system-row')
    expect(skipReason(of({retracted: true}), always)).to.equal('retracted')
  })

  it('hands over what is owed, addressed or forced, and an fyi broadcast only with includeFyi', () => {
    for (const patch of [{critical: true}, {escalated: true}, {to_me: true}, {reply_to_me: true}, {status: 'open'}, {status: 'blocked'}] as Array<Partial<Envelope>>) {
      expect(skipReason(of(patch), options), JSON.stringify(patch)).to.equal(null)
    }
    expect(skipReason(base, options)).to.equal('not-for-this-seat')
    expect(skipReason(base, {...options, includeFyi: true})).to.equal(null)
    expect(skipReason(of({status: 'open'}), {...options, shouldHandle: () => false})).to.equal('should-handle-false')
  })
})
