import {expect} from 'chai'
import {foldBallots, matchItem, parseBallot} from '../../../../src/services/obligations/vote-fold.js'
import type {StoredMessage} from '../../../../src/services/messages/messages.js'

const OPTIONS = ['pizza', 'pasta', 'salad bar']

function msg(over: Partial<StoredMessage>): StoredMessage {
  return {id: 'X', channel: 'dm:a--chair', seq: 1, sender: 'a', kind: 'message', status: 'fyi', urgency: 'inbox',
    critical: false, downgraded: false, to: [], title: '', body: '', data: null, reply_to: null, created_at: 1, hash: null,
    retracted_at: null, retracted_by: null, ...over}
}

describe('vote-fold', () => {
  it('matches exact text, numbers, rendered "N. text" and unique prefixes', () => {
    expect(matchItem('Pizza', OPTIONS)).to.equal(0)
    expect(matchItem('"pasta."', OPTIONS)).to.equal(1)
    expect(matchItem('3', OPTIONS)).to.equal(2)
    expect(matchItem('3. salad bar', OPTIONS)).to.equal(2)
    expect(matchItem('sa', OPTIONS)).to.equal(2)
    expect(matchItem('p', OPTIONS)).to.equal(null)
    expect(matchItem('pa', OPTIONS)).to.equal(1)
    expect(matchItem('4', OPTIONS)).to.equal(null)
  })

  it('rejects a whole ranking when one item does not match', () => {
    expect(parseBallot('pizza > pasta', OPTIONS)).to.deep.equal([0, 1])
    expect(parseBallot('pizza > sushi', OPTIONS)).to.equal(null)
    expect(parseBallot(['salad bar', 'pizza'], OPTIONS)).to.deep.equal([2, 0])
  })

  it("counts each voter's last readable ballot and keeps seen = counted + rejected", () => {
    const root = msg({id: 'R', channel: 'room', seq: 5, sender: 'chair', status: 'open'})
    const spec = {topic: 'lunch', options: OPTIONS, tag: 'v-abcdef', closes_at: 10}
    const fold = foldBallots([
      msg({sender: 'a', body: 'vote v-abcdef: pasta'}),
      msg({sender: 'a', body: 'hello\nvote v-abcdef: pizza'}),
      msg({sender: 'b', body: 'vote 5@room: sushi'}),
      msg({sender: 'c', channel: 'room', reply_to: 'R', body: 'vote: salad'}),
      msg({sender: 'outsider', body: 'vote v-abcdef: pizza'}),
    ], root, spec, new Set(['a', 'b', 'c', 'chair']))
    expect(fold.ballots).to.deep.equal({a: [0], c: [2]})
    expect(fold.rejected.map(r => r.voter)).to.deep.equal(['b'])
    expect(fold.seen).to.deep.equal(['a', 'b', 'c'])
  })
})
