import {expect} from 'chai'

import {parseNotifyLine, qualifies} from '../../src/listen/notify-line.js'
import type {NotifyEvent} from '../../src/listen/notify-line.js'
import {notifyLine} from '../helpers/home.js'

const event = (status: string, flags: string, sender = 'alice', id = '01J00000000000000000000000'): NotifyEvent => {
  const parsed = parseNotifyLine(notifyLine({channel: 'general', seq: 1, sender, id, status, flags}))
  if (!('event' in parsed)) throw new Error('fixture line did not parse')
  return parsed.event
}

describe('notify-line', () => {
  it('parses the hub line format and skips markers and pre-0.4 lines', () => {
    expect(parseNotifyLine('{"event": "rotated"}')).to.deep.equal({skip: 'marker'})
    expect(parseNotifyLine('{"channel": "general", "seq": 1, "from": "alice"}')).to.deep.equal({skip: 'legacy'})
    expect(parseNotifyLine('not json')).to.deep.equal({skip: 'malformed'})
    expect([...event('open', 'to-me,addressed,open').flags]).to.deep.equal(['to-me', 'addressed', 'open'])
  })

  describe('qualifies with --important-only', () => {
    const important = (status: string, flags: string) => qualifies(event(status, flags), 'bob', true)
    it('wakes for an fyi only when it is critical or escalated', () => {
      expect(important('fyi', '')).to.equal(false)
      expect(important('fyi', 'critical')).to.equal(true)
      expect(important('fyi', 'escalated')).to.equal(true)
    })
    it('wakes for an operator ask always, a room-wide ask always, and an ask addressed to someone else only when urgent', () => {
      expect(important('open', 'from-operator,addressed,open')).to.equal(true)
      expect(important('open', 'unassigned,open')).to.equal(true)
      expect(important('open', 'addressed,open')).to.equal(false)
      expect(important('blocked', 'escalated,addressed,blocked')).to.equal(true)
    })
    it('wakes for other statuses only when they name the seat or are urgent', () => {
      expect(important('reply', '')).to.equal(false)
      expect(important('reply', 'reply-to-me')).to.equal(true)
      expect(important('resolved', 'to-me')).to.equal(true)
    })
  })

  it('never qualifies own messages, retractions or hub notices, even without --important-only', () => {
    expect(qualifies(event('fyi', '', 'bob'), 'bob', false)).to.equal(false)
    expect(qualifies(event('fyi', 'retracted'), 'bob', false)).to.equal(false)
    expect(qualifies(event('fyi', '', 'hub', 'notice:01J'), 'bob', false)).to.equal(false)
    expect(qualifies(event('fyi', ''), 'bob', false)).to.equal(true)
  })
})
