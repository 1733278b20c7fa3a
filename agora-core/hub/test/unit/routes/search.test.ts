import {expect} from 'chai'
import Database from 'better-sqlite3'
import {type Caller, TestHub} from '../../helpers/hub.js'

/** The suite also runs with AGORA_TEST_DB=postgres (npm run test:hub-pg). */
const ON_POSTGRES = process.env.AGORA_TEST_DB?.trim() === 'postgres'

const T0 = 1_800_000_000
const EMPTY = {hits: [], shown: 0, total: 0}
const search = (who: Caller, query: string) => who.get(`/search?${query}`)

describe('GET /search', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller
  let clock = T0
  const post = async (who: Caller, channel: string, msg: Record<string, unknown>) => {
    clock += 1
    return who.postMessage(channel, msg)
  }

  beforeEach(async () => {
    clock = T0
    h = await TestHub.start({now: () => clock})
    alice = await h.register('alice', {about: 'database migrations and backups'})
    bob = await h.register('bob')
    carol = await h.register('carol')
    await h.channel(alice, 'room', [bob])
    await h.channel(carol, 'secret', [])
  })
  afterEach(async () => { await h.close() })

  it('answers the grouped SearchReport with six fixed sections and lexical mode', async () => {
    const m = await post(bob, 'room', {title: 'Deploy plan', body: 'the deploy runs at noon from the release branch'})
    const r = await bob.ok('GET', '/search?q=deploy')
    for (const s of ['decisions', 'open_threads', 'work', 'people', 'files', 'messages']) expect(Object.keys(r[s]), s).to.deep.equal(['hits', 'shown', 'total'])
    expect(Object.keys(r)).to.deep.equal(['decisions', 'open_threads', 'work', 'people', 'files', 'messages', 'relaxed', 'channels_searched',
      'next_cursor', 'computed_at', 'mode_used', 'semantic_coverage', 'notice'])
    expect(r.messages).to.deep.equal({shown: 1, total: 1, hits: [{kind: 'message', channel: 'room', ref: m.id, title: 'Deploy plan', created_at: clock,
      snippet: 'the deploy runs at noon from the release branch', highlights: [[4, 6]], seq: m.seq, sender: 'bob', status: 'fyi', thread_hits: null,
      ratings: {up: 0, down: 0, mine: 0}}]})
    for (const s of ['decisions', 'open_threads', 'work', 'people', 'files']) expect(r[s], s).to.deep.equal(EMPTY)
    expect(r).to.include({relaxed: false, next_cursor: null, computed_at: clock, mode_used: 'lexical', semantic_coverage: null, notice: null})
    expect(r.channels_searched, 'commons and room').to.equal(2)
  })

  it('sorts hits into decisions, open threads, work, people, files and messages', async () => {
    const q = await post(alice, 'room', {body: 'which backup window for the ledger?', status: 'open', to: ['bob']})
    await post(bob, 'room', {body: 'ledger backup window is 02:00', status: 'resolved', reply_to: q.id})
    await post(bob, 'room', {body: 'ledger size grew again'})
    await bob.ok('PUT', '/channels/room/store/decision:ledger-backup', {value: {text: 'nightly ledger backup at 02:00'}})
    await bob.ok('PUT', '/channels/room/store/claim:ledger-compaction', {value: {owner: 'bob', status: 'doing', note: 'compact the ledger'}})
    await alice.ok('PUT', '/channels/room/fs/docs/ledger.md', {content: '# Ledger\nhow the ledger chain is verified'})
    await post(bob, 'room', {body: 'unrelated chatter'})
    const r = await bob.ok('GET', '/search?q=ledger')
    expect(r.open_threads.hits.map((x: any) => x.ref), 'the open question is answered but not closed by its asker').to.deep.equal([q.id])
    expect(r.decisions.hits.map((x: any) => x.kind === 'message' ? x.status : `${x.kind} ${x.ref}`)).to.deep.equal(['resolved', 'decision decision:ledger-backup'])
    expect(r.decisions.total).to.equal(2)
    expect(r.work.hits.map((x: any) => `${x.kind} ${x.ref}`)).to.deep.equal(['claim claim:ledger-compaction'])
    expect(r.files.hits.map((x: any) => `${x.kind} ${x.ref} ${x.title}`)).to.deep.equal(['file docs/ledger.md docs/ledger.md'])
    expect(r.messages.hits.map((x: any) => x.snippet)).to.deep.equal(['ledger size grew again'])
    const people = await bob.ok('GET', '/search?q=migrations')
    expect(people.people).to.deep.equal({shown: 1, total: 1, hits: [{kind: 'agent', channel: null, ref: 'alice', title: '', created_at: T0,
      snippet: 'database migrations and backups', highlights: [[9, 10]], seq: null, sender: null, status: null, thread_hits: null, ratings: null}]})
  })

  it('never shows a private channel\'s text to a non-member, and filtering on it equals filtering on a channel that does not exist', async () => {
    await post(carol, 'secret', {body: 'the zebra password is hunter2'})
    await post(bob, 'room', {body: 'a zebra crossing'})
    const all = await bob.ok('GET', '/search?q=hunter2')
    for (const s of ['decisions', 'open_threads', 'work', 'people', 'files', 'messages']) expect(all[s], s).to.deep.equal(EMPTY)
    const secret = await bob.get('/search?q=zebra&channel=secret')
    const nowhere = await bob.get('/search?q=zebra&channel=no-such-room')
    expect(secret.status).to.equal(200)
    expect(secret.text).to.equal(nowhere.text)
    expect(secret.body.channels_searched).to.equal(0)
    expect((await bob.ok('GET', '/search?q=zebra&channel=secret&channel=room')).messages.total).to.equal(1)
    expect((await carol.ok('GET', '/search?q=zebra')).messages.hits[0].snippet).to.equal('the zebra password is hunter2')
  })

  it('stops matching a message once it is retracted', async () => {
    const m = await post(bob, 'room', {body: 'the staging token is abc123'})
    expect((await alice.ok('GET', '/search?q=abc123')).messages.total).to.equal(1)
    await bob.ok('POST', `/channels/room/messages/${m.id}/retract`)
    expect((await alice.ok('GET', '/search?q=abc123')).messages).to.deep.equal(EMPTY)
    expect((await alice.ok('GET', '/search?q=retracted')).messages, 'the tombstone text is not indexed either').to.deep.equal(EMPTY)
  })

  it('answers full-text syntax errors with 422 (SQLite FTS5; PostgreSQL websearch syntax has none) and takes ordinary punctuation as words', async () => {
    await post(bob, 'room', {body: "don't x-ray the build"})
    for (const q of ['"unbalanced', 'deploy AND (', 'NEAR(', 'nocolumn:word']) {
      const r = await bob.get(`/search?q=${encodeURIComponent(q)}`)
      // websearch_to_tsquery reads any text as a query, so on PostgreSQL these are ordinary searches.
      expect(r.status, `${q}: ${r.text}`).to.equal(ON_POSTGRES ? 200 : 422)
      if (!ON_POSTGRES) expect(r.body.detail[0].loc).to.deep.equal(['query', 'q'])
    }
    expect((await bob.ok('GET', `/search?q=${encodeURIComponent("don't x-ray")}`)).messages.total).to.equal(1)
    expect((await bob.ok('GET', `/search?q=${encodeURIComponent('"the build"')}`)).messages.total).to.equal(1)
    // A prefix (`bui*`) is FTS5 syntax; PostgreSQL's websearch syntax has no prefix form, so there it matches the word `bui` only.
    expect((await bob.ok('GET', '/search?q=bui*')).messages.total).to.equal(ON_POSTGRES ? 0 : 1)
  })

  it('retries any-word when every word together finds nothing, and says relaxed:true', async () => {
    await post(bob, 'room', {body: 'alpha release notes'})
    const r = await bob.ok('GET', '/search?q=alpha+omega')
    expect(r.relaxed).to.equal(true)
    expect(r.messages.total).to.equal(1)
    expect((await bob.ok('GET', '/search?q=alpha+release')).relaxed).to.equal(false)
  })

  it('is silently lexical on mode=auto and names the exact notice on mode=semantic', async () => {
    await post(bob, 'room', {body: 'cache warmup'})
    expect(await bob.ok('GET', '/search?q=cache&mode=auto')).to.include({mode_used: 'lexical', semantic_coverage: null, notice: null})
    const sem = await bob.ok('GET', '/search?q=cache&mode=semantic')
    expect(sem).to.include({mode_used: 'lexical', semantic_coverage: null,
      notice: 'search lexical-only: semantic is not enabled on this hub — a zero here does not prove absence.'})
    expect(sem.messages.total).to.equal(1)
  })

  it('pages every section with next_cursor', async () => {
    for (let i = 0; i < 3; i++) await post(bob, 'room', {body: `paging item ${i}`})
    const first = await bob.ok('GET', '/search?q=paging&limit=2&sort=recency')
    expect(first.messages.hits.map((x: any) => x.snippet)).to.deep.equal(['paging item 2', 'paging item 1'])
    expect(first.messages.total).to.equal(3)
    expect(first.next_cursor).to.be.a('string')
    const second = await bob.ok('GET', `/search?q=paging&limit=2&sort=recency&cursor=${first.next_cursor}`)
    expect(second.messages.hits.map((x: any) => x.snippet)).to.deep.equal(['paging item 0'])
    expect(second.next_cursor).to.equal(null)
    expect((await bob.get('/search?q=paging&cursor=forged')).status).to.equal(422)
  })

  it('keeps every section\'s total on a page past its end, and pages decision rows right after the resolved messages', async () => {
    // Regression: a section the cursor had gone past reported total 0, so the decision: rows skipped by the whole
    // offset (rows 2-3 of 6 were never shown), and a page past every section retried with any word.
    const asked = await post(alice, 'room', {body: 'which quorum size?', status: 'open', to: ['bob']})
    for (let i = 0; i < 2; i++) await post(bob, 'room', {body: `quorum answer ${i}`, status: 'resolved', reply_to: asked.id})
    for (let i = 0; i < 6; i++) await bob.ok('PUT', `/channels/room/store/decision:quorum-${i}`, {value: {text: `quorum rule ${i}`}})
    for (let i = 0; i < 5; i++) await post(bob, 'room', {body: `quorum chatter ${i}`})
    const decisions: string[] = []
    const totals: number[][] = []
    let cursor = ''
    for (let page = 0; page < 6; page++) {
      const r = await bob.ok('GET', `/search?q=quorum&limit=2&sort=recency${cursor}`)
      decisions.push(...r.decisions.hits.map((x: any) => x.kind === 'message' ? x.snippet : x.ref))
      totals.push([r.decisions.total, r.open_threads.total, r.messages.total])
      expect(r.relaxed, `page ${page}`).to.equal(false)
      if (r.next_cursor === null) break
      cursor = `&cursor=${r.next_cursor}`
    }
    expect(decisions).to.have.length(8)
    expect(decisions.slice(0, 2)).to.deep.equal(['quorum answer 1', 'quorum answer 0'])
    expect(new Set(decisions.slice(2))).to.deep.equal(new Set(Array.from({length: 6}, (_, i) => `decision:quorum-${i}`)))
    for (const t of totals) expect(t).to.deep.equal([8, 1, 5])
    const past = await bob.ok('GET', `/search?q=quorum&limit=2&cursor=${Buffer.from(JSON.stringify({o: 40})).toString('base64url')}`)
    expect([past.decisions.total, past.open_threads.total, past.messages.total, past.relaxed, past.next_cursor]).to.deep.equal([8, 1, 5, false, null])
    expect(past.messages.hits).to.deep.equal([])
  })

  it('counts in channels_searched the channels searched: the caller\'s, narrowed by channel, a foreign one counted like a missing one', async () => {
    const count = async (query: string) => (await bob.ok('GET', `/search?q=${query}`)).channels_searched
    expect(await count('zzz'), 'commons and room').to.equal(2)
    expect(await count('zzz&channel=room')).to.equal(1)
    expect(await count('zzz&channel=room&channel=secret'), 'secret is carol\'s').to.equal(1)
    expect(await count('zzz&channel=secret')).to.equal(await count('zzz&channel=no-such-room'))
  })

  it('carries a message hit\'s ratings as the viewer sees them on a history row', async () => {
    const m = await post(bob, 'room', {body: 'heron nest spotted'})
    await alice.ok('PUT', `/channels/room/messages/${m.id}/rating`, {value: 1})
    const seen = async (who: Caller) => (await who.ok('GET', '/search?q=heron')).messages.hits[0].ratings
    expect(await seen(bob)).to.deep.equal({up: 1, down: 0, mine: 0})
    expect(await seen(alice)).to.deep.equal({up: 1, down: 0, mine: 1})
    const history = await bob.ok('GET', '/channels/room/messages')
    expect(history.find((r: any) => r.id === m.id).ratings).to.deep.equal(await seen(bob))
  })

  it('filters by sender, kind, time, thread ref and ratings', async () => {
    const root = await post(alice, 'room', {body: 'filter root about kiwis', status: 'open', to: ['bob']})
    const since = clock + 0.5
    const reply = await post(bob, 'room', {body: 'kiwis are ripe', status: 'reply', reply_to: root.id})
    await post(bob, 'room', {body: 'kiwis elsewhere'})
    await alice.ok('PUT', `/channels/room/messages/${reply.id}/rating`, {value: 1})
    const ids = async (query: string) => {
      const r = await alice.ok('GET', `/search?q=kiwis&${query}`)
      return ['decisions', 'open_threads', 'messages'].flatMap(s => r[s].hits.map((x: any) => x.body ?? x.snippet))
    }
    expect(await ids('sender=bob')).to.have.members(['kiwis are ripe', 'kiwis elsewhere'])
    expect(await ids('kind=open_threads')).to.deep.equal(['filter root about kiwis'])
    expect(await ids(`since=${since}`)).to.have.members(['kiwis are ripe', 'kiwis elsewhere'])
    expect(await ids(`until=${since}`)).to.deep.equal(['filter root about kiwis'])
    expect(await ids(`ref=${encodeURIComponent(`room#${root.seq}`)}`)).to.have.members(['filter root about kiwis', 'kiwis are ripe'])
    expect(await ids('rated=up')).to.deep.equal(['kiwis are ripe'])
    expect(await ids('min_votes=1&sort=votes')).to.deep.equal(['kiwis are ripe'])
    expect(await ids(`ref=${encodeURIComponent('secret#1')}`), 'a ref into a room you are not in matches nothing').to.deep.equal([])
  })

  it('refuses bad parameters with 422 and the admin key with 403', async () => {
    for (const query of [`q=${'x'.repeat(257)}`, 'q=a&limit=51', 'q=a&limit=0', 'q=a&kind=tweets', 'q=a&mode=vector', 'q=a&sort=hot', 'q=a&rated=sideways', 'q=a&limt=5', 'q=a&since=yesterday']) {
      const r = await bob.get(`/search?${query}`)
      expect(r.status, `${query.slice(0, 40)}: ${r.text}`).to.equal(422)
    }
    expect((await search(h.admin, 'q=a')).status).to.equal(403)
    expect((await search(new (bob.constructor as any)(h.url, 'x', 'agora_bad'), 'q=a')).status).to.equal(401)
  })

  it('budgets search at a burst of 10 then 30 per minute, apart from posting', async () => {
    for (let i = 0; i < 10; i++) expect((await search(bob, 'q=x')).status).to.equal(200)
    const refused = await search(bob, 'q=x')
    expect(refused.status).to.equal(429)
    expect(Number(refused.headers['retry-after'])).to.equal(2)
    expect((await search(alice, 'q=x')).status, 'per seat').to.equal(200)
    await post(bob, 'room', {body: 'posting still works'})
    clock += 2
    expect((await search(bob, 'q=x')).status).to.equal(200)
  })

  it('reports index drift to operators and a rebuild puts the index back in step', async function () {
    // The drift is made by editing the FTS5 table behind the hub's back; PostgreSQL's index is a generated column that cannot drift.
    if (ON_POSTGRES) this.skip()
    const m = await post(bob, 'room', {body: 'drifting words'})
    const olga = await h.register('olga', {operator: true})
    expect(await h.admin.ok('GET', '/admin/search/drift')).to.include({engine: 'sqlite-fts5', missing: 0, stale: 0, in_step: true})
    const db = new Database(h.dbPath)
    const rowid = (db.prepare('SELECT rowid FROM messages WHERE id = ?').get(m.id) as {rowid: number}).rowid
    db.prepare(`INSERT INTO messages_fts (messages_fts, rowid, title, body) VALUES ('delete', ?, '', 'drifting words')`).run(rowid)
    db.close()
    expect((await alice.ok('GET', '/search?q=drifting')).messages.total, 'the broken index misses it').to.equal(0)
    expect(await olga.ok('GET', '/admin/search/drift')).to.include({missing: 1, stale: 0, in_step: false})
    expect((await bob.get('/admin/search/drift')).status).to.equal(403)
    expect((await bob.post('/admin/search/rebuild')).status).to.equal(403)
    const rebuilt = await olga.ok('POST', '/admin/search/rebuild')
    expect(rebuilt).to.include({rebuilt: true})
    expect(rebuilt.drift).to.include({missing: 0, stale: 0, in_step: true})
    expect((await alice.ok('GET', '/search?q=drifting')).messages.total).to.equal(1)
  })
})
