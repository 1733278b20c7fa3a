import {expect} from 'chai'
import {Ajv} from 'ajv'
import type {TSchema} from '@sinclair/typebox'
import {RECORDS} from '@agora/protocol'
import type {Caller} from '../helpers/hub.js'
import {TestHub, threeSeats} from '../helpers/hub.js'

const ajv = new Ajv({allErrors: true, strict: true, allowUnionTypes: true})

/** The ajv errors of `value` against a record schema, as readable lines; [] when it fits. */
function misfits(name: keyof typeof RECORDS, value: unknown): string[] {
  const check = ajv.compile(RECORDS[name] as TSchema)
  return check(value) ? [] : (check.errors ?? []).map((e) => `${name}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)
}

// A small real scenario: an addressed question with an ask, a reply that answers it, then every
// main read route, each answer checked against the protocol schema its type is read from.
describe('live answers fit the protocol record schemas', () => {
  let hub: TestHub
  let alice: Caller
  let bob: Caller
  let question: {id: string}
  before(async () => {
    hub = await TestHub.start({toCloseMinAge: 0})
    ;({alice, bob} = await threeSeats(hub))
    question = await alice.postMessage('room', {status: 'open', title: 'q', body: 'which?', to: ['bob'], asks: [{id: '1', text: 'pick one', to: ['bob']}]})
    await alice.postMessage('room', {body: 'x'.repeat(5000)})
  })
  after(() => hub.close())

  it('serves a post answer, a read and history rows as Message and MessageRow', async () => {
    expect(misfits('Message', question)).to.deep.equal([])
    const read: unknown[] = await bob.ok('GET', `/channels/room/messages/${question.id}`)
    expect(read).to.have.length(1)
    expect(read.flatMap((m) => misfits('Message', m))).to.deep.equal([])
    expect(misfits('MessageRow', await bob.ok('GET', '/channels/room/messages/by-seq/1'))).to.deep.equal([])
    const rows = await bob.history('room')
    expect(rows.length).to.be.greaterThan(2)
    expect(rows.flatMap((row) => misfits('MessageRow', row))).to.deep.equal([])
  })

  it('serves inbox envelopes as Envelope, with the body inlined or withheld', async () => {
    const envelopes = await bob.inbox()
    expect(envelopes.map((e) => e.id)).to.include(question.id)
    expect(envelopes.map((e) => e.body === null)).to.include.members([true, false])
    expect(envelopes.flatMap((e) => misfits('Envelope', e))).to.deep.equal([])
  })

  it('serves both sides of an answered ask as OwedReport', async () => {
    const owedByBob = await bob.owed()
    expect(owedByBob.to_answer.map((row: {id: string}) => row.id)).to.deep.equal([question.id])
    expect(misfits('OwedReport', owedByBob)).to.deep.equal([])
    await bob.postMessage('room', {status: 'reply', reply_to: question.id, body: 'the first', answers: ['1']})
    const owedByAlice = await alice.owed()
    expect([owedByAlice.to_consume.length, owedByAlice.to_close.length]).to.deep.equal([1, 1])
    expect(misfits('OwedReport', owedByAlice)).to.deep.equal([])
  })

  it('serves whoami, channel info, a DM and the ledger as their records', async () => {
    expect(misfits('Whoami', await bob.ok('GET', '/whoami'))).to.deep.equal([])
    expect(misfits('ChannelInfo', await bob.ok('GET', '/channels/room/info'))).to.deep.equal([])
    expect(misfits('ChannelInfo', await bob.ok('POST', '/dms/alice'))).to.deep.equal([])
    const ledger = await bob.ok('GET', '/channels/room/ledger')
    expect(ledger.verified).to.equal(true)
    expect(misfits('Ledger', ledger)).to.deep.equal([])
  })

  it('serves a store entry and an fs file as StoreEntry and FsFile', async () => {
    await alice.ok('PUT', '/channels/room/store/plan:a', {value: {step: 1}})
    await alice.ok('PUT', '/channels/room/fs/notes/a.md', {content: '# a'})
    expect(misfits('StoreEntry', await bob.ok('GET', '/channels/room/store/plan:a'))).to.deep.equal([])
    expect(misfits('FsFile', await bob.ok('GET', '/channels/room/fs/notes/a.md'))).to.deep.equal([])
  })

  it('reports a field the schema does not know, so the check can fail', () => {
    expect(misfits('Message', {...question, surprise: 1})).to.have.length(1)
  })
})
