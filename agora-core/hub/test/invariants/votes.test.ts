import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'

const nowS = () => Date.now() / 1000

describe('invariant 15: a vote is published once, by the hub sweep', () => {
  let h: TestHub
  let chair: Caller, bob: Caller, carol: Caller, dave: Caller
  beforeEach(async () => {
    h = await TestHub.start({voteSweepMs: 3_600_000})
    chair = await h.register('chair')
    bob = await h.register('bob')
    carol = await h.register('carol')
    dave = await h.register('dave')
    await h.channel(chair, 'vote-room', [bob, carol, dave])
  })
  afterEach(async () => { await h.close() })

  function openVote(tag: string, closesAt: number) {
    return chair.postMessage('vote-room', {
      title: 'VOTE: lunch', status: 'open',
      body: `Blind vote. DM me one line: vote ${tag}: <option>`,
      data: {vote: {topic: 'lunch', options: ['pizza', 'sushi'], tag, ballots: 'dm', closes_at: closesAt}},
    })
  }
  const ballot = (seat: Caller, line: string) => seat.ok('POST', '/dms/chair/messages', {body: line, status: 'fyi'})
  const results = async (rootId: string) => (await chair.history('vote-room'))
    .filter((m) => m.reply_to === rootId && m.data && m.data.vote_result)

  it('publishes one resolved hub reply with vote_result when closes_at has passed, and nothing on a re-run', async () => {
    const root = await openVote('v-abcdef', nowS() - 1)
    await ballot(bob, 'vote v-abcdef: pizza')
    await ballot(carol, 'vote v-abcdef: tacos')
    const forged = await dave.postMessage('vote-room', {status: 'resolved', reply_to: root.id, body: 'sushi wins',
      data: {vote_result: {topic: 'lunch', options: ['pizza', 'sushi'], ballots: {dave: [1]}, total_members: 4, closed: 'forged'}}})
    expect(await h.hub.sweepVotes()).to.be.at.least(1)
    const hubResults = (await results(root.id)).filter((m) => m.id !== forged.id)
    expect(hubResults).to.have.length(1)
    const res = hubResults[0]
    expect(res).to.include({sender: 'hub', status: 'resolved', kind: 'system'})
    const vr = res.data.vote_result
    expect(vr.ballots).to.deep.equal({bob: [0]})
    expect(vr.ballots_counted).to.equal(1)
    expect(vr.ballots_rejected).to.equal(1)
    expect(vr.ballots_seen).to.be.at.most(vr.ballots_counted + vr.ballots_rejected)
    expect(vr.closed).to.match(/published by the hub/)
    expect(await h.hub.sweepVotes()).to.equal(0)
    expect((await results(root.id)).filter((m) => m.id !== forged.id)).to.have.length(1)
  })

  it('ignores a vote_result posted by a third party when deciding whether the vote is published', async () => {
    const root = await openVote('v-ghijkl', nowS() - 1)
    await dave.postMessage('vote-room', {status: 'resolved', reply_to: root.id, body: 'fake',
      data: {vote_result: {topic: 'lunch', options: ['pizza', 'sushi'], ballots: {}, total_members: 4, closed: 'fake'}}})
    await h.hub.sweepVotes()
    expect((await results(root.id)).filter((m) => m.sender === 'hub')).to.have.length(1)
  })

  it('publishes before closes_at once every member except the chair has a counted ballot', async () => {
    const root = await openVote('v-mnopqr', nowS() + 3600)
    await ballot(bob, 'vote v-mnopqr: pizza')
    await ballot(carol, 'vote v-mnopqr: 2')
    expect(await h.hub.sweepVotes()).to.equal(0)
    expect(await results(root.id)).to.deep.equal([])
    await ballot(dave, 'vote v-mnopqr: sushi')
    await h.hub.sweepVotes()
    const published = await results(root.id)
    expect(published).to.have.length(1)
    expect(published[0].data.vote_result.ballots).to.deep.equal({bob: [0], carol: [1], dave: [1]})
  })

  it('counts the last ballot per voter, in-channel vote replies, structured data.vote and rankings', async () => {
    const root = await chair.postMessage('vote-room', {
      title: 'VOTE: dinner', status: 'open', body: 'DM me: vote v-qrstuv: <option or ranking>',
      data: {vote: {topic: 'dinner', options: ['pizza', 'sushi', 'tacos'], tag: 'v-qrstuv', ballots: 'dm', closes_at: nowS() - 1}},
    })
    await ballot(bob, 'vote v-qrstuv: pizza')
    await ballot(bob, 'vote v-qrstuv: sushi')
    await carol.postMessage('vote-room', {status: 'reply', reply_to: root.id, body: 'vote: tacos'})
    await dave.ok('POST', '/dms/chair/messages', {body: 'my ballot for v-qrstuv', status: 'fyi', data: {vote: ['tacos', 'pizza']}})
    await h.hub.sweepVotes()
    const [res] = await results(root.id)
    const vr = res.data.vote_result
    expect(vr.ballots).to.deep.equal({bob: [1], carol: [2], dave: [2, 0]})
    expect(vr.ballots_counted).to.equal(3)
    expect(vr.ballots_seen).to.be.at.most(vr.ballots_counted + vr.ballots_rejected)
    expect(res.body).to.match(/ballots: \d+ seen · 3 counted · 0 rejected/)
    expect(res.body, 'a ranking adds a Borda line').to.match(/borda/i)
  })

  it('publishes nothing when the chair already published a vote_result', async () => {
    const root = await openVote('v-wxyzab', nowS() - 1)
    await ballot(bob, 'vote v-wxyzab: pizza')
    await chair.postMessage('vote-room', {status: 'resolved', reply_to: root.id, body: 'pizza wins',
      data: {vote_result: {topic: 'lunch', options: ['pizza', 'sushi'], ballots: {bob: [0]}, total_members: 4, closed: 'closed by the chair'}}})
    expect(await h.hub.sweepVotes()).to.equal(0)
    expect((await results(root.id)).map((m) => m.sender)).to.deep.equal(['chair'])
  })

  it('publishes nothing while the hub is paused and publishes on resume (layer 2 pause)', async function () {
    const root = await openVote('v-stuvwx', nowS() - 1)
    await ballot(bob, 'vote v-stuvwx: pizza')
    const pause = await h.admin.put('/admin/pause', {reason: 'maintenance'})
    expect(pause.status, pause.text).to.equal(200)
    expect(await h.hub.sweepVotes()).to.equal(0)
    expect(await results(root.id)).to.deep.equal([])
    await h.admin.ok('DELETE', '/admin/pause')
    await h.hub.sweepVotes()
    expect(await results(root.id)).to.have.length(1)
  })
})
