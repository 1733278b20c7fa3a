import {expect} from 'chai'

import {GuardrailError, ReplyCap, ThreadTurnCap} from '../src/guards.js'

describe('guards', () => {
  describe('ReplyCap', () => {
    it('refuses the reply past max toward one peer and allows it again once the window slides', () => {
      let now = 1_000
      const cap = new ReplyCap(2, 10_000, () => now)
      cap.take('bob')
      now += 1_000
      cap.take('bob')
      const error = (() => { try { cap.take('bob') } catch (e) { return e } })() as GuardrailError
      expect(error).to.be.instanceOf(GuardrailError)
      expect(error.guard).to.equal('reply-cap')
      expect(error.message).to.match(/2 replies to bob in the last 10s/)
      expect(cap.remaining('carol')).to.equal(2)
      now += 9_500
      expect(cap.remaining('bob')).to.equal(1)
    })
  })

  describe('ThreadTurnCap', () => {
    it('keys a reply chain by its first-seen root and refuses the turn past max', () => {
      const cap = new ThreadTurnCap(2)
      expect(cap.root('m1', null)).to.equal('m1')
      expect(cap.root('m2', 'm1')).to.equal('m1')
      expect(cap.root('m3', 'm2')).to.equal('m1')
      expect(cap.root('x9', 'unseen')).to.equal('unseen')
      cap.take('m1')
      cap.take('m1')
      expect(() => cap.take('m1')).to.throw(GuardrailError, /thread turn cap reached: this seat already took 2 turns/)
      expect(() => cap.take('other')).not.to.throw()
    })
  })
})
