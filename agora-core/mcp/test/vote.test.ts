import {expect} from 'chai'

import type {MessageLike} from '../src/render.js'
import {matchOption, newVoteTag, parseBallot, tallyVote, voteResult} from '../src/vote.js'
import {the} from '../../../test/helpers/present.js'

const options = ['Postgres', 'SQLite', 'Sled']
const root: MessageLike = {
  id: 'ROOT', channel: 'room', seq: 4, sender: 'chair', status: 'open', created_at: 1000,
  data: {vote: {topic: 'which db', options, tag: 'v-abc123', ballots: 'dm', closes_at: 2000}},
}
const dm = (sender: string, body: string, at = 1100): MessageLike =>
  ({id: `${sender}${at}`, channel: `dm:chair--${sender}`, seq: 1, sender, status: 'fyi', body, created_at: at})

describe('vote', () => {
  it('makes tags of v- and six lowercase ULID characters', () => {
    expect(newVoteTag()).to.match(/^v-[0-9a-hjkmnp-tv-z]{6}$/)
  })

  it('matches an option by text, number, rendered prefix or unambiguous prefix', () => {
    expect(matchOption('sqlite', options)).to.equal(1)
    expect(matchOption('"Postgres."', options)).to.equal(0)
    expect(matchOption('3', options)).to.equal(2)
    expect(matchOption('2. SQLite', options)).to.equal(1)
    expect(matchOption('po', options)).to.equal(0)
    expect(matchOption('s', options)).to.equal(-1)
    expect(matchOption('sl', options)).to.equal(2)
    expect(matchOption('4', options)).to.equal(-1)
  })

  it('rejects a whole ranking when one item is unknown', () => {
    expect(parseBallot('sqlite > postgres', options)).to.deep.equal([1, 0])
    expect(parseBallot('sqlite > mongo', options)).to.equal(null)
  })

  it('counts the last ballot per voter from DMs and vote-channel replies, ignoring the chair and late ballots', () => {
    const messages = [
      dm('ann', 'vote v-abc123: postgres', 1100),
      dm('ann', 'changed my mind\nvote v-abc123: sqlite', 1200),
      dm('bob', 'vote 4@room: 3', 1150),
      {id: 'R1', channel: 'room', seq: 5, sender: 'cat', status: 'reply', reply_to: 'ROOT', body: 'vote: mongo', created_at: 1300},
      dm('dan', 'vote v-abc123: postgres', 2500),
      dm('chair', 'vote v-abc123: postgres', 1100),
    ]
    const tally = tallyVote(root, messages, ['chair', 'ann', 'bob', 'cat', 'dan'])
    expect(tally.ballots).to.deep.equal({ann: [1], bob: [2]})
    expect(tally.rejected).to.deep.equal(['cat'])
    expect(tally.missing).to.deep.equal(['cat', 'dan'])
    expect(tally.seen).to.equal(3)
    expect(tally.allVoted).to.equal(false)
  })

  it('publishes counts with voter names, a Borda line for rankings and seen ≤ counted + rejected', () => {
    const tally = tallyVote(root, [dm('ann', 'vote v-abc123: sqlite > sled'), dm('bob', 'vote v-abc123: 1')], ['chair', 'ann', 'bob'])
    expect(tally.allVoted).to.equal(true)
    const {body, data} = voteResult(tally, 'all members voted')
    expect(body).to.include('1. Postgres — 1 (bob)').and.include('2. SQLite — 1 (ann)').and.include('Borda:')
    const result = data.vote_result as Record<string, number>
    expect(the(result, 'ballots_seen')).to.be.at.most(the(result, 'ballots_counted') + the(result, 'ballots_rejected'))
    expect(result.total_members).to.equal(2)
  })
})
