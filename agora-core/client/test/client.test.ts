import {expect} from 'chai'

import {AgoraClient} from '../src/client.js'
import {AgoraHttpError} from '../src/errors.js'
import {ADMIN_KEY, seat, startHub} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'
import {the} from '../../../test/helpers/present.js'

const failure = async (promise: Promise<unknown>): Promise<AgoraHttpError> => {
  const error = await promise.then(() => null, (e: unknown) => e)
  expect(error).to.be.instanceOf(AgoraHttpError)
  return error as AgoraHttpError
}

describe('client', () => {
  let hub: RunningHub
  let alice: AgoraClient
  let bob: AgoraClient
  let carol: AgoraClient
  before(async () => {
    hub = await startHub()
    alice = await seat(hub.url, 'alice')
    bob = await seat(hub.url, 'bob')
    carol = await seat(hub.url, 'carol')
    await alice.createChannel('room')
    const invite = await alice.createInvite('room', {agentId: 'bob'})
    await bob.joinChannel('room', invite.invite_token)
  })
  after(async () => hub.close())

  it('reads the unauthenticated root and healthz', async () => {
    const client = new AgoraClient({url: hub.url + '/'})
    expect(await client.root()).to.include({protocol: 'agora/0.4', service: 'agora'})
    expect(await client.healthz()).to.include({ok: true})
  })

  it('answers whoami for the seat behind the key', async () => {
    expect(await alice.whoami()).to.include({id: 'alice', operator: false})
  })

  it('throws a typed 403 for a non-member read with the hub detail', async () => {
    const error = await failure(carol.history('room'))
    expect(error).to.include({method: 'GET', path: '/channels/room/messages', status: 403})
    expect(error.detail).to.be.a('string').and.not.equal('')
  })

  it('throws a typed 404 for an unknown channel', async () => {
    expect(await failure(alice.channelInfo('nope'))).to.include({status: 404})
  })

  it('throws a typed 422 with the validation list for wait above 55', async () => {
    const error = await failure(alice.inbox({wait: 99}))
    expect(error.status).to.equal(422)
    expect(error.detail).to.be.an('array').with.length.greaterThan(0)
  })

  it('throws a typed 401 for an unknown key', async () => {
    expect(await failure(new AgoraClient({apiKey: 'agora_nope', url: hub.url}).whoami())).to.include({status: 401})
  })

  it('posts asks, answers them, and shows per-ask discharge on /owed', async () => {
    const q = await alice.postMessage('room', {
      asks: [{id: 'a1', text: 'one?', to: ['bob']}, {id: 'a2', text: 'two?', to: ['bob']}], body: 'two questions', status: 'open',
    })
    expect((await bob.owed()).to_answer.map((r) => r.id)).to.include(q.id)
    await bob.postMessage('room', {answers: ['a1'], body: 'one!', reply_to: q.id, status: 'reply'})
    const row = (await bob.owed()).to_answer.find((r) => r.id === q.id)
    expect(row?.pending_asks).to.deep.equal(['a2'])
    const history = the(await alice.history('room', {since: q.seq - 1, limit: 1}), 0)
    expect(history.pending_asks).to.deep.equal(['a2'])
  })

  it('keeps float tokens in data across post, history and the ledger', async () => {
    const posted = await alice.postMessage('room', {body: 'data', data: JSON.parse('{"k":1}')})
    const rows = await alice.history('room', {since: posted.seq - 1})
    expect(String(the(rows, 0).data?.k)).to.equal('1')
    const ledger = await alice.ledger('room', {verify: true})
    expect(ledger.verified).to.equal(true)
    expect(ledger.turns.at(-1)?.seq).to.equal(posted.seq)
  })

  it('reads a message with its ancestors and acks a cursor', async () => {
    const parent = await alice.postMessage('room', {body: 'parent', status: 'open', to: ['bob']})
    const child = await alice.postMessage('room', {body: 'child', reply_to: parent.id, status: 'fyi'})
    const thread = await bob.readMessage('room', child.id)
    expect(thread.map((m) => m.id)).to.deep.equal([parent.id, child.id])
    expect((await bob.ack({room: child.seq})).acked).to.deep.equal({room: child.seq})
  })

  it('opens a DM and posts into it addressed to the peer', async () => {
    const info = await alice.openDm('bob')
    expect(info.channel.name).to.equal('dm:alice--bob')
    const sent = await alice.postDm('bob', {body: 'hi'})
    expect(sent).to.include({channel: 'dm:alice--bob'})
    expect(sent.to).to.deep.equal(['bob'])
  })

  it('does CAS on the store and the vfs', async () => {
    const v1 = await alice.storePut('room', 'claim:x', {owner: 'alice'}, {expectVersion: 0})
    expect(v1.version).to.equal(1)
    expect((await failure(alice.storePut('room', 'claim:x', {owner: 'alice', n: 2}, {expectVersion: 0}))).status).to.equal(409)
    expect((await alice.storeList('room')).map((r) => r.key)).to.include('claim:x')
    expect((await bob.storeGet('room', 'claim:x')).value).to.deep.equal({owner: 'alice'})
    const f1 = await alice.fsWrite('room', 'docs/plan.md', {content: '# plan', expect_version: 0})
    expect((await failure(alice.fsWrite('room', 'docs/plan.md', {content: 'x', expect_version: 0}))).status).to.equal(409)
    expect((await bob.fsRead('room', 'docs/plan.md')).content).to.equal('# plan')
    expect((await bob.fsList('room', {prefix: 'docs/'})).map((r) => r.path)).to.deep.equal(['docs/plan.md'])
    expect(await alice.fsDelete('room', 'docs/plan.md', {expectVersion: f1.version})).to.deep.equal({deleted: true})
    expect((await alice.fsHistory('room', 'docs/plan.md')).map((m) => m.title)).to.deep.equal(['fs:put docs/plan.md', 'fs:delete docs/plan.md'])
  })

  it('round-trips a store key holding a slash and a colon', async () => {
    await alice.storePut('room', 'decision:a/b', {ok: true})
    expect(await alice.storeGet('room', 'decision:a/b')).to.include({key: 'decision:a/b', version: 1})
  })

  it('round-trips a vfs path with spaces, # and ? in its segments', async () => {
    const path = 'docs/a b#1?.md'
    await alice.fsWrite('room', path, {content: 'odd'})
    expect(await alice.fsRead('room', path)).to.include({content: 'odd', path})
    expect((await alice.fsList('room', {prefix: 'docs/a '})).map((r) => r.path)).to.deep.equal([path])
  })

  it('lists channels, members and a message by seq, sets about, and leaves', async () => {
    expect((await bob.listChannels()).filter((c) => c.member).map((c) => c.name)).to.include.members(['commons', 'room'])
    expect((await alice.channelMembers('room')).map((m) => m.agent_id).sort()).to.deep.equal(['alice', 'bob'])
    const posted = await alice.postMessage('room', {body: 'by seq'})
    expect((await bob.messageBySeq('room', posted.seq)).id).to.equal(posted.id)
    expect((await carol.setAbout('outsider')).about).to.equal('outsider')
    await alice.createChannel('temp', {private: false})
    await carol.joinChannel('temp')
    expect(await carol.leaveChannel('temp')).to.deep.include({left: true})
    expect((await failure(carol.history('temp'))).status).to.equal(403)
  })

  it('creates a group that invites members through DMs and reports failures', async () => {
    const result = await alice.createGroup({members: ['bob', 'ghost'], name: 'g1', opening_post: 'kickoff', purpose: 'test'})
    expect(result).to.include({channel: 'g1'})
    expect(result.invited).to.deep.equal(['bob'])
    expect(result.failed.map((f) => f.agent)).to.deep.equal(['ghost'])
  })

  it('registers through the admin key and refuses a duplicate with 409', async () => {
    const admin = new AgoraClient({adminKey: ADMIN_KEY, url: hub.url})
    const created = await admin.registerAgent({about: 'new', id: 'dave'})
    expect(created.api_key).to.match(/^agora_[0-9a-f]{48}$/)
    expect((await failure(admin.registerAgent({id: 'dave'}))).status).to.equal(409)
  })
})
