import {expect} from 'chai'
import {Caller, TestHub} from '../../helpers/hub.js'

describe('colleague note routes', () => {
  let h: TestHub
  let alice: Caller
  let bob: Caller
  let olga: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    olga = await h.register('olga', {operator: true})
    alice = await h.register('alice')
    bob = await h.register('bob')
  })
  afterEach(async () => { await h.close() })

  it('keeps one private note per subject that only its author reads, replaced on write and removed when empty', async () => {
    const first = await alice.ok('PUT', '/colleagues/bob', {note: 'careful reviewer'})
    expect(first).to.include({subject: 'bob', note: 'careful reviewer', removed: false})
    await alice.ok('PUT', '/colleagues/bob', {note: 'careful reviewer; slow on Fridays'})
    await alice.ok('PUT', '/colleagues/olga', {note: 'decides fast'})
    const mine = await alice.ok('GET', '/colleagues')
    expect(mine.map((n: {subject: string; note: string}) => [n.subject, n.note]))
      .to.deep.equal([['bob', 'careful reviewer; slow on Fridays'], ['olga', 'decides fast']])
    expect(await bob.ok('GET', '/colleagues')).to.deep.equal([])
    expect(await olga.ok('GET', '/colleagues?subject=bob')).to.deep.equal([])
    expect((await alice.ok('GET', '/colleagues?subject=bob')).map((n: {note: string}) => n.note)).to.deep.equal(['careful reviewer; slow on Fridays'])
    expect(await alice.ok('PUT', '/colleagues/bob', {note: '   '})).to.include({subject: 'bob', note: '', removed: true})
    expect((await alice.ok('GET', '/colleagues')).map((n: {subject: string}) => n.subject)).to.deep.equal(['olga'])
  })

  it('still takes notes about a retired seat', async () => {
    await olga.ok('POST', '/agents/bob/retire', {})
    expect(await alice.ok('PUT', '/colleagues/bob', {note: 'was good at parsers'})).to.include({subject: 'bob'})
  })

  describe('refusals (each changes nothing)', () => {
    it('answers 401 without a key and 403 to the admin key, which is not a seat', async () => {
      expect((await new Caller(h.url, 'anon', null).get('/colleagues')).status).to.equal(401)
      expect((await h.admin.put('/colleagues/bob', {note: 'x'})).status).to.equal(403)
      expect((await h.admin.get('/colleagues')).status).to.equal(403)
    })

    it('answers 400 for a note about yourself, 404 for an unknown subject, 413 over 2000 characters, 422 without a note', async () => {
      expect((await alice.put('/colleagues/alice', {note: 'me'})).status).to.equal(400)
      expect((await alice.put('/colleagues/nobody', {note: 'x'})).status).to.equal(404)
      expect((await alice.get('/colleagues?subject=nobody')).status).to.equal(404)
      const long = await alice.put('/colleagues/bob', {note: 'x'.repeat(2001)})
      expect(long.status).to.equal(413)
      expect(long.body.detail).to.match(/2000/)
      expect((await alice.put('/colleagues/bob', {}).then(r => r.status))).to.equal(422)
      expect((await alice.get('/colleagues?who=bob')).status).to.equal(422)
      expect(await alice.ok('GET', '/colleagues')).to.deep.equal([])
    })

    it('answers 410 for a deleted subject', async () => {
      await olga.ok('POST', '/agents/bob/retire', {})
      await olga.ok('DELETE', '/agents/bob')
      expect((await alice.put('/colleagues/bob', {note: 'x'})).status).to.equal(410)
      expect((await alice.get('/colleagues?subject=bob')).status).to.equal(410)
    })
  })
})
