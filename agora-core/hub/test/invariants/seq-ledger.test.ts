import {expect} from 'chai'
import {parseJsonLossless, verifyLedger} from '@agora/protocol'
import {Caller, rawCall, TestHub} from '../helpers/hub.js'
import {parseLossless, verifyIndependently} from '../helpers/ledger.js'
import {WsSeat} from '../helpers/ws.js'

const POSTERS = 16
const PER_POSTER = 12

async function ledgerOf(seat: Caller, channel: string): Promise<{text: string; lossless: any}> {
  const r = await seat.get(`/channels/${encodeURIComponent(channel)}/ledger?verify=true`)
  expect(r.status, r.text).to.equal(200)
  return {text: r.text, lossless: parseLossless(r.text)}
}

describe('invariants 1–2: seq and ledger', () => {
  let h: TestHub
  beforeEach(async () => { h = await TestHub.start({ratePerMinute: 6000}) })
  afterEach(async () => { await h.close() })

  it('assigns gap-free unique seqs 1..N to 16 concurrent posters mixing REST and WS, and the ledger verifies', async function () {
    this.timeout(60000)
    const owner = await h.register('owner')
    await owner.ok('POST', '/channels', {name: 'busy', private: false})
    const observer = await h.register('observer')
    await observer.ok('POST', '/channels/busy/join', {})
    const seats: Caller[] = []
    for (let i = 0; i < POSTERS; i++) {
      const s = await h.register(`poster-${i}`)
      await s.ok('POST', '/channels/busy/join', {})
      seats.push(s)
    }
    const sockets = await Promise.all(seats.slice(POSTERS / 2).map((s) => WsSeat.connect(h.url, s.key!)))
    const returned: Array<{id: string; seq: number}> = []
    const restPosters = seats.slice(0, POSTERS / 2).map(async (s) => {
      for (let k = 0; k < PER_POSTER; k++) {
        const m = await s.postMessage('busy', {body: `rest ${s.id} #${k}`, status: 'fyi'})
        returned.push({id: m.id, seq: m.seq})
      }
    })
    const wsPosters = sockets.map(async (ws, i) => {
      for (let k = 0; k < PER_POSTER; k++) {
        const f = await ws.post('busy', {body: `ws ${i} #${k}`, status: 'fyi'})
        expect(f.type, JSON.stringify(f)).to.equal('posted')
        returned.push({id: f.id, seq: f.seq})
      }
    })
    try { await Promise.all([...restPosters, ...wsPosters]) } finally { sockets.forEach((s) => s.close()) }

    const history = await owner.history('busy', 0, 1000)
    const seqs = history.map((m) => m.seq)
    expect(seqs).to.deep.equal(Array.from({length: seqs.length}, (_, i) => i + 1))
    expect(new Set(history.map((m) => m.id)).size).to.equal(history.length)
    const posted = history.filter((m) => m.kind === 'message' && String(m.sender).startsWith('poster-'))
    expect(posted).to.have.length(POSTERS * PER_POSTER)
    expect(new Set(returned.map((r) => r.seq)).size).to.equal(POSTERS * PER_POSTER)
    const bySeq = new Map(history.map((m) => [m.seq, m.id]))
    for (const r of returned) expect(bySeq.get(r.seq), `seq ${r.seq}`).to.equal(r.id)

    const {text, lossless} = await ledgerOf(owner, 'busy')
    expect(lossless.verified).to.equal(true)
    expect(lossless.broken_at).to.equal(null)
    expect(lossless.turns.map((t: any) => Number(t.seq.value))).to.deep.equal(seqs)
    const mine = verifyIndependently(lossless)
    expect(mine, JSON.stringify(mine)).to.include({intact: true, broken_at: null, checked: history.length})
    const theirs = verifyLedger(parseJsonLossless(text) as never)
    expect(theirs.intact, JSON.stringify(theirs)).to.equal(true)

    const inbox = (await observer.inbox()).filter((e) => e.channel === 'busy')
    const inboxSeqs = inbox.map((e) => e.seq)
    expect(inboxSeqs).to.deep.equal([...inboxSeqs].sort((a, b) => a - b))
    expect(inbox.length).to.be.at.most(100)
  })

  it('serves a live ledger that an independent verifier recomputes turn by turn, head equal to the last hash', async function () {
    this.timeout(30000)
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    await h.channel(alice, 'mixed', [bob])
    const q = await alice.postMessage('mixed', {
      title: 'café ☕ — résumé', body: 'unicode 𝄞 astral, "quotes", back\\slash, tab\there', status: 'open',
      to: ['bob'], data: {asks: [{id: '1', text: 'port?', to: ['bob']}], nested: {z: 1, a: [1.5, null, true]}},
    })
    const raw = '{"body":"floats keep their tokens","status":"fyi","data":{"two":2.0,"tiny":1e-07,"big":1e+16,"neg":-0.0,"int":12345678901234567890}}'
    const floats = await rawCall(h.url, {method: 'POST', path: '/channels/mixed/messages', key: bob.key, rawBody: raw})
    expect(floats.status, floats.text).to.equal(200)
    await bob.postMessage('mixed', {status: 'reply', reply_to: q.id, body: '8080', data: {answers: ['1']}})
    await alice.ok('PUT', '/channels/mixed/fs/notes/a.md', {content: '# notes\n'})
    await alice.postMessage('mixed', {status: 'resolved', reply_to: q.id, body: 'done'})

    const {text, lossless} = await ledgerOf(alice, 'mixed')
    expect(lossless.verified).to.equal(true)
    expect(lossless.broken_at).to.equal(null)
    expect(Number(lossless.count.value)).to.equal(lossless.turns.length)
    const kinds = new Set(lossless.turns.map((t: any) => t.kind))
    expect([...kinds].sort()).to.deep.equal(['fs', 'message', 'system'])
    expect(lossless.head).to.equal(lossless.turns.at(-1).hash)
    const mine = verifyIndependently(lossless)
    expect(mine, JSON.stringify(mine)).to.include({intact: true, broken_at: null, checked: lossless.turns.length})
    expect(verifyLedger(parseJsonLossless(text) as never).intact).to.equal(true)
    for (const t of lossless.turns) {
      expect(t.critical.value, `critical of seq ${t.seq}`).to.be.oneOf(['0', '1'])
      expect(t.downgraded.value, `downgraded of seq ${t.seq}`).to.be.oneOf(['0', '1'])
      expect(t).not.to.have.property('channel')
    }
  })

  it('verifies the DM ledger too, from the first turn with prev=""', async () => {
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    await alice.ok('POST', '/dms/bob/messages', {body: 'hi bob', status: 'fyi'})
    await bob.ok('POST', '/dms/alice/messages', {body: 'hi alice', status: 'fyi'})
    const {lossless} = await ledgerOf(alice, 'dm:alice--bob')
    expect(lossless.verified).to.equal(true)
    expect(verifyIndependently(lossless)).to.include({intact: true, broken_at: null})
    expect(lossless.turns.map((t: any) => t.body)).to.include.members(['hi bob', 'hi alice'])
  })
})
