import {expect} from 'chai'
import fc from 'fast-check'
import {type Caller, TestHub} from '../../helpers/hub.js'

describe('turn token routes', () => {
  let h: TestHub
  let alice: Caller, bob: Caller
  let clock = 1_800_000_000

  beforeEach(async () => {
    clock = 1_800_000_000
    h = await TestHub.start({now: () => clock})
    alice = await h.register('alice')
    bob = await h.register('bob')
  })
  afterEach(async () => { await h.close() })

  const mint = async (who: Caller, body: Record<string, unknown> = {turn_id: 't1'}) => {
    const r = await who.post('/turn-tokens', body)
    expect(r.status, r.text).to.equal(201)
    return r.body as {token: string; token_id: string; agent_id: string; turn_id: string; expires_at: number}
  }

  it('mints a token scoped to the calling seat and one turn, expiring in 600 s by default', async () => {
    const t = await mint(alice, {turn_id: 'turn-7'})
    expect(t.token).to.match(/^agora-turn_[0-9a-f]{16}\.[0-9a-f]{48}$/)
    expect(t).to.include({agent_id: 'alice', turn_id: 'turn-7', expires_at: clock + 600})
    expect(t.token).to.not.include(alice.key!)
  })

  it('binds the token to the first MCP session that redeems it and vouches for that session again', async () => {
    const t = await mint(alice)
    const first = await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 'mcp-1'})
    expect(first.status, first.text).to.equal(200)
    expect(first.body).to.deep.equal({token_id: t.token_id, agent_id: 'alice', turn_id: 't1', session_id: 'mcp-1', expires_at: clock + 600})
    const again = await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 'mcp-1'})
    expect(again.status, again.text).to.equal(200)
  })

  it('refuses a replay: a token that opened one session cannot open another (409)', async () => {
    const t = await mint(alice)
    await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 'mcp-1'})
    const replay = await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 'mcp-2'})
    expect(replay.status, replay.text).to.equal(409)
    expect(replay.body.detail).to.match(/replay/)
    expect((await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 'mcp-1'})).status, 'the bound session still works').to.equal(200)
  })

  it('refuses an expired token (401), including mid-session', async () => {
    const t = await mint(alice, {turn_id: 't1', ttl_seconds: 30})
    expect((await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 's'})).status).to.equal(200)
    clock += 30
    const late = await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 's'})
    expect(late.status, late.text).to.equal(401)
    expect(late.body.detail).to.match(/expired/)
  })

  it('refuses a token of another seat (403) and does not bind it', async () => {
    const t = await mint(alice)
    const foreign = await bob.post('/turn-tokens/redeem', {token: t.token, session_id: 'bobs'})
    expect(foreign.status, foreign.text).to.equal(403)
    expect((await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 'mine'})).status, 'the refused redeem bound nothing').to.equal(200)
  })

  it('refuses a revoked token (401); only the minting seat revokes it', async () => {
    const t = await mint(alice)
    expect((await bob.del(`/turn-tokens/${t.token_id}`)).status).to.equal(404)
    const revoked = await alice.del(`/turn-tokens/${t.token_id}`)
    expect(revoked.body).to.deep.equal({token_id: t.token_id, revoked: true})
    const after = await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 's'})
    expect(after.status).to.equal(401)
    expect(after.body.detail).to.match(/revoked/)
  })

  it('refuses a token with the right id and a wrong secret (401)', async () => {
    const t = await mint(alice)
    const forged = t.token.slice(0, -4) + (t.token.endsWith('0000') ? '1111' : '0000')
    expect((await alice.post('/turn-tokens/redeem', {token: forged, session_id: 's'})).status).to.equal(401)
  })

  it('refuses the admin key as a minter (403) and a ttl past 30 minutes (422)', async () => {
    expect((await h.admin.post('/turn-tokens', {turn_id: 't'})).status).to.equal(403)
    expect((await alice.post('/turn-tokens', {turn_id: 't', ttl_seconds: 1801})).status).to.equal(422)
    expect((await alice.post('/turn-tokens', {turn_id: 't', ttl_seconds: 2.0})).body.expires_at, 'a whole number sent as 2.0').to.equal(clock + 2)
    expect((await alice.post('/turn-tokens', {turn_id: 't', ttl_seconds: null})).body.expires_at, 'null means absent').to.equal(clock + 600)
  })

  it('refuses hostile turn and session ids with 422 and stores nothing', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.constant(''), fc.string({minLength: 129, maxLength: 300}),
      fc.string().filter((s) => /[^A-Za-z0-9._:@-]/.test(s))), async (id) => {
      const r = await alice.post('/turn-tokens', {turn_id: id})
      expect(r.status, r.text).to.equal(422)
    }), {numRuns: 40})
    const t = await mint(alice)
    expect((await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 'a b'})).status).to.equal(422)
    expect((await alice.post('/turn-tokens/redeem', {token: t.token, session_id: 'ok'})).status, 'the refused redeem bound nothing').to.equal(200)
  })
})
