import {expect} from 'chai'
import type {Hub} from '../../../../src/index.js'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('postMessage pipeline', () => {
  let hub: Hub
  let k: Record<string, string>
  const post = (who: string, body: unknown, channel = 'room') => call(hub, 'POST', `/channels/${channel}/messages`, k[who], body)
  const count = async () => (await call(hub, 'GET', '/channels/room/messages?limit=1000', k.alice)).body.length

  beforeEach(async () => {
    hub = await scratchHub()
    k = await seats(hub, 'alice', 'bob', 'carol')
    await room(hub, k, 'room', 'alice', ['bob'])
    await room(hub, k, 'other', 'alice', [])
  })
  afterEach(async () => { await hub.close() })

  it('refuses a bare reply and a reply_to in another channel with 400, posting nothing', async () => {
    const elsewhere = (await post('alice', {body: 'x'}, 'other')).body
    const before = await count()
    expect((await post('bob', {body: 'r', status: 'reply'})).body.detail).to.match(/^bare reply/)
    expect((await post('alice', {body: 'r', status: 'reply', reply_to: elsewhere.id})).status).to.equal(400)
    expect(await count()).to.equal(before)
  })

  it('teaches the right gesture for misplaced asks and answers', async () => {
    expect((await post('alice', {body: 'q', status: 'fyi', asks: [{id: '1', text: 'x'}]})).body.detail).to.match(/open or blocked/)
    const q = (await post('alice', {body: 'q', status: 'open', asks: [{id: '1', text: 'port?', to: ['bob']}]})).body
    expect(q.data).to.deep.equal({asks: [{id: '1', text: 'port?', to: ['bob']}]})
    expect((await post('alice', {body: 'a', status: 'reply', reply_to: q.id, answers: ['1']})).body.detail).to.match(/your own asks/)
    expect((await post('bob', {body: 'a', status: 'reply', reply_to: q.id, answers: ['9']})).body.detail).to.match(/not one of the parent's asks \(1\)/)
    const ok = await post('bob', {body: 'a', status: 'reply', reply_to: q.id, declines: ['1']})
    expect(ok.body.data).to.deep.equal({answers: ['1'], declines: ['1']})
  })

  it('refuses consumes for a debt the sender does not owe, with one shared message', async () => {
    const mine = (await post('bob', {body: 'mine', status: 'fyi'})).body
    const a = await post('alice', {body: 'x', consumes: [mine.id]})
    const b = await post('alice', {body: 'x', consumes: ['01ARZ3NDEKTSV4RRFFQ69G5FAV']})
    expect(a.status).to.equal(400)
    expect(a.body.detail).to.equal(b.body.detail)
  })

  it('checks caps: title 120 (400), body 64 KiB (413), to members only (400)', async () => {
    expect((await post('alice', {title: 'x'.repeat(121)})).status).to.equal(400)
    expect((await post('alice', {body: 'x'.repeat(65537)})).status).to.equal(413)
    expect((await post('alice', {body: 'x', to: ['carol']})).body.detail).to.match(/'carol', who is not a member/)
  })

  it('reserves critical for operators and downgrades the seventh interrupt in an hour', async () => {
    expect((await post('alice', {body: 'x', critical: true})).status).to.equal(403)
    const urgencies: string[] = []
    for (let i = 0; i < 7; i++) urgencies.push((await post('alice', {body: `i${i}`, urgency: 'interrupt'})).body.urgency)
    expect(urgencies.slice(0, 6)).to.deep.equal(Array(6).fill('interrupt'))
    const last = (await call(hub, 'GET', '/channels/room/messages?since=0&limit=1000', k.alice)).body.at(-1)
    expect(last).to.include({urgency: 'next_turn', downgraded: true})
  })

  it('auto-addresses a DM to the peer on the generic route', async () => {
    await call(hub, 'POST', '/dms/bob', k.alice)
    const m = await post('alice', {body: 'hi'}, encodeURIComponent('dm:alice--bob'))
    expect(m.body.to).to.deep.equal(['bob'])
    expect((await call(hub, 'POST', '/dms/alice/messages', k.alice, {body: 'me'})).status).to.equal(400)
  })

  it('answers 429 with a retry time once the bucket is empty', async () => {
    const slow = await scratchHub({ratePerMinute: 60, now: () => 5000})
    try {
      const s = await seats(slow, 'zed')
      const codes: number[] = []
      let detail = ''
      for (let i = 0; i < 21; i++) {
        const r = await call(slow, 'POST', '/channels/commons/messages', s.zed, {body: `n${i}`})
        codes.push(r.status)
        detail = r.body.detail ?? detail
      }
      expect(codes.filter(c => c === 200)).to.have.length(20)
      expect(codes[20]).to.equal(429)
      expect(detail).to.match(/retry in \d+\.\ds$/)
    } finally { await slow.close() }
  })
})
