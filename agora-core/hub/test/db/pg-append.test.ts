import {expect} from 'chai'
import fc from 'fast-check'
import {canonicalize, ledgerHash, stringifyWire} from '@agora/protocol'
import {openPostgres} from '../../src/db/open-pg.js'
import type {OpenedPg} from '../../src/db/open-pg.js'
import {inTurn, pgAppend, SEQ_MARK, splitAtSeq} from '../../src/db/pg-append.js'
import type {Storage} from '../../src/db/port.js'
import {freshDatabase} from '../helpers/pg-cluster.js'

// Payloads built to trip the split: bodies, titles and data carrying `"seq":`, the mark itself, quotes and non-ASCII.
const tricky = fc.oneof(fc.string(), fc.constantFrom('"seq":1', `"seq":${SEQ_MARK}`, '{"seq":2,"status":"x"}', 'é ☃ 𝄞', '\\"'))
const dataArb = fc.option(fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('seq', 'status', 'to')),
  fc.oneof(tricky, fc.integer(), fc.constant(SEQ_MARK), fc.record({seq: fc.constant(SEQ_MARK), status: tricky})), {maxKeys: 4}), {nil: null})
const payloadArb = fc.record({
  id: fc.string({minLength: 1, maxLength: 26}), sender: fc.string({minLength: 1, maxLength: 20}), kind: fc.constantFrom('message', 'system', 'fs'),
  status: fc.constantFrom('fyi', 'open', 'reply', 'resolved'), urgency: fc.constantFrom('inbox', 'next_turn', 'interrupt'),
  critical: fc.constantFrom(0, 1), downgraded: fc.constantFrom(0, 1), to: fc.array(tricky, {maxLength: 3}),
  title: tricky, body: tricky, data: dataArb, reply_to: fc.option(fc.string({maxLength: 26}), {nil: null}),
  created_at: fc.double({min: 1e9, max: 3e9, noNaN: true}),
})

describe('the one-statement PostgreSQL append (db/pg-append.ts)', () => {
  it('splits canonical payload text so that before + seq + after is the canonical text with that seq, whatever the payload holds', () => {
    fc.assert(fc.property(payloadArb, fc.integer({min: 1, max: 2 ** 40}), (p, seq) => {
      const {before, after} = splitAtSeq(canonicalize({...p, channel: 'room', seq: SEQ_MARK}))
      expect(before + String(seq) + after).to.equal(canonicalize({...p, channel: 'room', seq}))
    }), {numRuns: 300})
  })

  it('queues the appends to one channel in call order, lets other channels go beside them, and goes on after a failure', async () => {
    const db = {} as Storage
    const log: string[] = []
    let release!: () => void
    const gate = new Promise<void>((resolve) => { release = resolve })
    const first = inTurn(db, 'a', async () => { log.push('a1 start'); await gate; log.push('a1 end'); throw new Error('refused') })
    const second = inTurn(db, 'a', async () => { log.push('a2'); return 2 })
    const other = inTurn(db, 'b', async () => { log.push('b1'); return 1 })
    expect(await other).to.equal(1)
    expect(log).to.deep.equal(['a1 start', 'b1'])
    release()
    await first.then(() => expect.fail('the first append should fail'), (err: Error) => expect(err.message).to.equal('refused'))
    expect(await second).to.equal(2)
    expect(log).to.deep.equal(['a1 start', 'b1', 'a1 end', 'a2'])
  })

  describe('on PostgreSQL', function () {
    this.timeout(120_000)
    let pg: OpenedPg
    before(async () => { pg = await openPostgres(await freshDatabase('append')) })
    after(async () => { await pg?.close() })

    it('links each row with the hash the hub computes (seq 1 from "", then from the row before), for generated payloads', async () => {
      const db = pg.storage()
      let n = 0
      await fc.assert(fc.asyncProperty(payloadArb, async (p) => {
        const channel = `room-${n % 3}`
        const head = await db.get<{seq: number; hash: string}>('SELECT seq, hash FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1', channel)
        const id = `${p.id}-${n}`
        const payload = {...p, id, channel, created_at: 1e9 + n++ + (p.created_at % 1)} // forward along every channel
        const {before, after} = splitAtSeq(canonicalize({...payload, seq: SEQ_MARK}))
        const got = await pgAppend(db, {id, channel, sender: p.sender, kind: p.kind, status: p.status, urgency: p.urgency,
          critical: p.critical, downgraded: p.downgraded, to_json: JSON.stringify(p.to), title: p.title.replace(/\0/g, ''),
          body: p.body.replace(/\0/g, ''), data_json: p.data === null ? null : stringifyWire(p.data), reply_to: p.reply_to,
          created_at: payload.created_at, before, after})
        if ('later' in got) throw new Error('created_at went backwards in a test that only moves it forward')
        if ('starved' in got) throw new Error('no budget was asked for')
        expect(got.seq).to.equal((head?.seq ?? 0) + 1)
        expect(got.hash).to.equal(ledgerHash(head?.hash ?? '', canonicalize({...payload, seq: got.seq})))
      }), {numRuns: 60})
    })

    it('writes nothing and answers the later stamp when the channel head is stamped after the new row', async () => {
      const db = pg.storage()
      const row = (id: string, at: number) => ({id, channel: 'clock', sender: 'a', kind: 'message', status: 'fyi', urgency: 'inbox',
        critical: 0, downgraded: 0, to_json: '["b"]', title: '', body: 'x', data_json: null, reply_to: null, created_at: at,
        ...splitAtSeq(canonicalize({id, channel: 'clock', seq: SEQ_MARK, at}))})
      expect(await pgAppend(db, row('c1', 2000))).to.have.property('seq', 1)
      expect(await pgAppend(db, row('c2', 1000))).to.deep.equal({later: 2000})
      expect(await db.all('SELECT id FROM messages WHERE channel = ? ORDER BY seq', 'clock')).to.deep.equal([{id: 'c1'}])
      expect(await db.all('SELECT agent_id, seq FROM message_to WHERE channel = ?', 'clock')).to.deep.equal([{agent_id: 'b', seq: 1}])
    })

    it('takes the sender\'s post token with the row, and writes nothing (answering starved) when the bucket is empty', async () => {
      const db = pg.storage()
      const row = (id: string, at: number) => ({id, channel: 'spend', sender: 'a', kind: 'message', status: 'fyi', urgency: 'inbox',
        critical: 0, downgraded: 0, to_json: '[]', title: '', body: 'x', data_json: null, reply_to: null, created_at: at,
        ...splitAtSeq(canonicalize({id, channel: 'spend', seq: SEQ_MARK, at})), spend: {agent: 'a', burst: 2, perSecond: 1 / 60, at}})
      const tokens = async () => (await db.get<{tokens: number}>("SELECT tokens FROM budget_buckets WHERE kind = 'post' AND agent = 'a'"))?.tokens
      expect(await pgAppend(db, row('s1', 3000))).to.have.property('seq', 1)
      expect(await tokens()).to.equal(1)
      expect(await pgAppend(db, row('s2', 3000))).to.have.property('seq', 2)
      expect(await tokens()).to.equal(0)
      expect(await pgAppend(db, row('s3', 3000))).to.deep.equal({starved: true})
      expect(await tokens()).to.equal(0)
      expect(await pgAppend(db, row('s4', 3060))).to.have.property('seq', 3) // a minute refills one token
      expect(await db.all('SELECT id FROM messages WHERE channel = ? ORDER BY seq', 'spend')).to.deep.equal([{id: 's1'}, {id: 's2'}, {id: 's4'}])
    })
  })
})
