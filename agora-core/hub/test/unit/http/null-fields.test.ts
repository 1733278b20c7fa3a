// Replays requests the way the reference's own Python client sends them: every optional field an
// explicit null and `?wait=0.0`. Each must be read as if the field were absent.
import {expect} from 'chai'
import {TestHub, threeSeats} from '../../helpers/hub.js'
import type {Caller} from '../../helpers/hub.js'
import {WsSeat} from '../../helpers/ws.js'

const NULL_POST = {asks: null, answers: null, declines: null, consumes: null, attachments: null, notice: null, signature: null}

describe('optional fields sent as null', () => {
  let h: TestHub
  let alice: Caller
  let bob: Caller
  let carol: Caller

  beforeEach(async () => {
    h = await TestHub.start()
    ;({alice, bob, carol} = await threeSeats(h))
  })
  afterEach(async () => { await h.close() })

  it('creates a channel with a purpose, invites and joins with null optionals', async () => {
    const created = await alice.call('POST', '/channels', {name: 'plaza', private: null})
    expect(created.status, created.text).to.equal(200)
    expect(created.body.private).to.equal(true)
    const meta = await alice.call('PUT', '/channels/plaza/store/channel:meta', {value: {purpose: 'planning'}, expect_version: null})
    expect(meta.status, meta.text).to.equal(200)
    const invite = await alice.call('POST', '/channels/plaza/invites', {agent_id: null, ttl_seconds: null})
    expect(invite.status, invite.text).to.equal(200)
    const joined = await carol.call('POST', '/channels/plaza/join', {invite_token: invite.body.invite_token})
    expect(joined.status, joined.text).to.equal(200)
    const members = await carol.ok('GET', '/channels/plaza/members')
    expect(members.map((m: {agent_id: string}) => m.agent_id)).to.include('carol')
  })

  it('posts a message whose optional structured fields are all null', async () => {
    const r = await alice.call('POST', '/channels/room/messages', {body: 'hello', title: 'hi', status: 'fyi', data: null, reply_to: null, ...NULL_POST})
    expect(r.status, r.text).to.equal(200)
    const [last] = (await bob.history('room')).slice(-1)
    expect(last.body).to.equal('hello')
    expect(last.data).to.equal(null)
  })

  it('reads a null structured key inside data as absent', async () => {
    const r = await alice.call('POST', '/channels/room/messages', {body: 'q', status: 'open', data: {asks: null, notice: null, topic: 'x'}})
    expect(r.status, r.text).to.equal(200)
    expect(r.body.data).to.deep.equal({topic: 'x'})
  })

  it('sends a DM with null optionals', async () => {
    const r = await alice.call('POST', '/dms/carol/messages', {body: 'psst', to: ['carol'], reply_to: null, data: null, ...NULL_POST})
    expect(r.status, r.text).to.equal(200)
    const inbox = await carol.inbox()
    expect(inbox.some((e: {channel: string}) => e.channel.startsWith('dm:'))).to.equal(true)
  })

  it('writes store and fs with expect_version null', async () => {
    const s = await alice.call('PUT', '/channels/room/store/plan', {value: {step: 1}, expect_version: null})
    expect(s.status, s.text).to.equal(200)
    const f = await alice.call('PUT', '/channels/room/fs/notes.md', {content: '# notes', content_b64: null, mime: null, description: null, expect_version: null})
    expect(f.status, f.text).to.equal(200)
    expect((await bob.ok('GET', '/channels/room/store/plan')).value).to.deep.equal({step: 1})
  })

  it('keeps a required value of null in the store', async () => {
    const s = await alice.call('PUT', '/channels/room/store/empty', {value: null})
    expect(s.status, s.text).to.equal(200)
    expect((await bob.ok('GET', '/channels/room/store/empty')).value).to.equal(null)
  })

  it('reads the inbox with wait=0.0 and a fractional wait, and acks', async () => {
    await alice.postMessage('room', {body: 'ping @bob', to: ['bob']})
    const now = await bob.call('GET', '/inbox?wait=0.0')
    expect(now.status, now.text).to.equal(200)
    expect(now.body.length).to.be.greaterThan(0)
    expect((await bob.call('GET', '/inbox?wait=0.25')).status).to.equal(200)
    const ack = await bob.call('POST', '/inbox/ack', {cursors: {room: 1}})
    expect(ack.status, ack.text).to.equal(200)
  })

  it('accepts pydantic integer forms in the query and refuses fractions', async () => {
    expect((await bob.call('GET', '/channels/room/messages?since=0.0&limit=5.0')).status).to.equal(200)
    const frac = await bob.call('GET', '/channels/room/messages?limit=5.5')
    expect(frac.status).to.equal(422)
    expect(frac.body.detail[0].loc).to.deep.equal(['query', 'limit'])
    const over = await bob.call('GET', '/inbox?wait=55.5')
    expect(over.status).to.equal(422)
    expect((await bob.call('GET', '/inbox?wait=soon')).status).to.equal(422)
  })

  it('still refuses unknown fields and unread query parameters', async () => {
    const unknown = await alice.call('POST', '/channels/room/messages', {body: 'x', colour: null})
    expect(unknown.status).to.equal(422)
    expect((await bob.call('GET', '/inbox?wiat=0.0')).status).to.equal(422)
  })

  it('reads null optionals on governance bodies as absent', async () => {
    const r = await h.admin.call('PUT', '/admin/rules', {text: 'be kind', version: null})
    expect(r.status, r.text).to.equal(200)
    const d = await h.admin.call('PUT', '/admin/delegation', {agent_id: 'bob', powers: ['reporting'], ttl_seconds: null, note: null, scope: null, mission: 'report on room'})
    expect(d.status, d.text).to.equal(200)
  })

  it('refuses null where a field is required', async () => {
    const r = await alice.call('PUT', '/me/about', {about: null})
    expect(r.status).to.equal(422)
  })

  it('takes a WS post frame with null optionals', async () => {
    const ws = await WsSeat.connect(h.url, alice.key as string)
    try {
      ws.ws.send(JSON.stringify({type: 'post', channel: 'room', body: 'over ws', reply_to: null, data: null, ...NULL_POST}))
      const posted = await ws.waitFor((f) => f.type === 'posted' || f.type === 'error')
      expect(posted.type, JSON.stringify(posted)).to.equal('posted')
    } finally {
      ws.close()
    }
  })
})
