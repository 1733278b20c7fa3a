import {expect} from 'chai'

import {AgoraClient} from '../src/client.js'
import type {
  AttachmentRef, Envelope, FsFile, Message, MessageRow, OwedAnswerRow, OwedCloseRow, OwedConsumeRow, OwedReport, StoreEntry,
} from '../src/wire.js'
import {ADMIN_KEY, startHub} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'
import {the} from '../../../test/helpers/present.js'

/*
 * Each list is checked against its type by `satisfies` (a missing or extra name fails tsc) and
 * against a real hub's response here, so the @agora/protocol declaration the client re-exports
 * cannot drift from what the hub serves without one of the two failing.
 */
const MESSAGE = {
  body: true, channel: true, created_at: true, critical: true, data: true, downgraded: true, id: true, kind: true,
  reply_to: true, retracted: true, retracted_at: true, sender: true, seq: true, status: true, title: true, to: true, urgency: true,
} as const satisfies Record<keyof Message, true>
const MESSAGE_ROW = {
  ...MESSAGE, closed: true, closed_by: true, has_resolved_reply: true, pending_asks: true, ratings: true, read: true,
} as const satisfies Record<keyof MessageRow, true>
const ENVELOPE = {
  ...MESSAGE, addressed: true, ask_progress: true, attachments: true, body_bytes: true, declined_asks: true,
  effective_urgency: true, escalated: true, from_operator: true, has_resolved_reply: true, pending_asks: true,
  redelivery: true, reply_to_me: true, signature: true, to_me: true, verified_by: true, your_pending_asks: true,
} as const satisfies Record<keyof Envelope, true>
const ATTACHMENT = {content_type: true, filename: true, id: true, size: true} as const satisfies Record<keyof AttachmentRef, true>
const OWED = {
  charters: true, computed_at: true, counts: true, phases: true, to_answer: true, to_close: true, to_consume: true, waiting_on: true,
} as const satisfies Record<keyof OwedReport, true>
const TO_ANSWER = {
  asks_naming_you: true, channel: true, created_at: true, escalated: true, id: true, pending_asks: true, sender: true, seq: true, title: true,
} as const satisfies Record<keyof OwedAnswerRow, true>
const TO_CONSUME = {
  answer_created_at: true, answer_id: true, answer_seq: true, answered_by: true, channel: true, id: true, seq: true, title: true, your_asks: true,
} as const satisfies Record<keyof OwedConsumeRow, true>
const TO_CLOSE = {
  answered_at: true, answered_by: true, channel: true, declined_asks: true, declined_by: true, id: true, seq: true, title: true,
} as const satisfies Record<keyof OwedCloseRow, true>
const FS_FILE = {
  content: true, content_b64: true, description: true, encoding: true, mime: true, path: true, size_bytes: true,
  updated_at: true, updated_by: true, version: true,
} as const satisfies Record<keyof FsFile, true>
const STORE_ENTRY = {
  channel: true, key: true, updated_at: true, updated_by: true, value: true, version: true,
} as const satisfies Record<keyof StoreEntry, true>

const keysOf = (fields: object): string[] => Object.keys(fields).sort()

describe('wire', () => {
  let hub: RunningHub
  let alice: AgoraClient
  let bob: AgoraClient
  let aliceKey: string
  before(async () => {
    hub = await startHub({toCloseMinAge: 0})
    const admin = new AgoraClient({adminKey: ADMIN_KEY, url: hub.url})
    aliceKey = (await admin.registerAgent({id: 'alice'})).api_key
    alice = new AgoraClient({apiKey: aliceKey, url: hub.url})
    bob = new AgoraClient({apiKey: (await admin.registerAgent({id: 'bob'})).api_key, url: hub.url})
    await alice.createChannel('room')
    await bob.joinChannel('room', (await alice.createInvite('room', {agentId: 'bob'})).invite_token)
  })
  after(async () => hub.close())

  it('serves exactly the declared fields on a posted message, its history row, its envelope and its attachment', async () => {
    const upload = await fetch(`${hub.url}/channels/room/attachments?filename=trace.txt`, {
      body: 'trace bytes', headers: {authorization: `Bearer ${aliceKey}`, 'content-type': 'text/plain'}, method: 'POST',
    })
    expect(upload.status).to.be.oneOf([200, 201])
    const {id} = await upload.json() as {id: string}
    const posted = await alice.postMessage('room', {attachments: [{id}], body: 'see trace', status: 'fyi', to: ['bob']})
    expect(keysOf(posted)).to.deep.equal(keysOf(MESSAGE))
    const row = the(await alice.history('room', {since: posted.seq - 1, limit: 1}), 0)
    expect(keysOf(row)).to.deep.equal(keysOf(MESSAGE_ROW))
    const envelope = (await bob.inbox()).find((e) => e.id === posted.id)
    expect(keysOf(envelope ?? {})).to.deep.equal(keysOf(ENVELOPE))
    expect(envelope?.attachments.map(keysOf)).to.deep.equal([keysOf(ATTACHMENT)])
  })

  it('serves exactly the declared /owed rows, with to_close answered_by as one seat id', async () => {
    const q = await alice.postMessage('room', {asks: [{id: 'a1', text: 'go?', to: ['bob']}], body: 'question', status: 'open', to: ['bob']})
    const owedByBob = await bob.owed()
    expect(keysOf(owedByBob)).to.deep.equal(keysOf(OWED))
    expect(owedByBob.to_answer.map(keysOf)).to.deep.equal([keysOf(TO_ANSWER)])
    await bob.postMessage('room', {answers: ['a1'], body: 'yes', reply_to: q.id, status: 'reply'})
    const owedByAlice = await alice.owed()
    expect(owedByAlice.to_consume.map(keysOf)).to.deep.equal([keysOf(TO_CONSUME)])
    expect(owedByAlice.to_close.map(keysOf)).to.deep.equal([keysOf(TO_CLOSE)])
    expect(the(owedByAlice.to_close, 0).answered_by).to.equal('bob')
  })

  it('serves exactly the declared fields on a text file, a binary file and a store entry', async () => {
    const text = await alice.fsWrite('room', 'docs/a.md', {content: '# a'})
    expect(keysOf(text)).to.deep.equal(keysOf(FS_FILE))
    expect(text).to.include({content_b64: null, encoding: 'utf-8'})
    const binary = await alice.fsRead('room', (await alice.fsWrite('room', 'bin/b.dat', {content_b64: 'AAEC'})).path)
    expect(keysOf(binary)).to.deep.equal(keysOf(FS_FILE))
    expect(binary).to.include({content: '', content_b64: 'AAEC', encoding: 'base64'})
    expect(keysOf(await alice.storePut('room', 'note:x', {n: 1}))).to.deep.equal(keysOf(STORE_ENTRY))
  })
})
