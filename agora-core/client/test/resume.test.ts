import {expect} from 'chai'

import {ResumePoints} from '../src/resume.js'

describe('ResumePoints', () => {
  it('holds a channel at its since until the hub confirms the subscribe, then follows the stream', () => {
    const r = new ResumePoints()
    r.seed({room: 10})
    r.subscribing({room: 10})
    r.received('room', 146, false) // a live push that ran ahead of the backlog
    expect(r.points()).to.deep.equal({room: 10})
    r.subscribed(['room'])
    r.received('room', 11, false)
    r.received('room', 145, false)
    expect(r.points()).to.deep.equal({room: 145})
  })

  it('starts a channel first heard of live at that frame, and a sweep showing older seqs pulls it back', () => {
    const r = new ResumePoints()
    r.received('side', 301, false)
    expect(r.points()).to.deep.equal({side: 301})
    const since = r.catchUp(new Map([['side', 120]]))
    expect(since).to.deep.equal({side: 119})
    expect(r.points()).to.deep.equal({side: 119})
    r.subscribing(since) // the socket sends it at once
    r.received('side', 302, false)
    expect(r.points()).to.deep.equal({side: 119})
    r.subscribed(['side'])
    r.received('side', 120, false)
    expect(r.points()).to.deep.equal({side: 120})
  })

  it('asks no catch-up for a channel the connection already streams from its resume point', () => {
    const r = new ResumePoints()
    r.seed({room: 500})
    r.subscribing({room: 500})
    expect(r.catchUp(new Map([['room', 300]]))).to.deep.equal({})
    r.subscribed(['room'])
    expect(r.catchUp(new Map([['room', 300], ['new', 1]]))).to.deep.equal({new: 0})
    expect(r.points()).to.deep.equal({room: 500, new: 0})
  })

  it('never moves a point on a refused subscribe, and a fresh connection proves nothing', () => {
    const r = new ResumePoints()
    r.seed({gone: 7})
    r.subscribing({gone: 7})
    r.subscribed([])
    r.received('gone', 90, false)
    expect(r.points()).to.deep.equal({gone: 7})
    r.reset()
    r.received('gone', 91, false)
    expect(r.points()).to.deep.equal({gone: 7})
  })
})
