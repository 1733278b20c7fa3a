import {expect} from 'chai'
import {Ajv} from 'ajv'
import {LeaseCheckSchema, LeaseListSchema} from '@agora/protocol'
import {type Caller, TestHub} from '../../helpers/hub.js'
import {the} from '../../../../../test/helpers/present.js'

const WS = 'github.com/acme/app@1a2b3c4d5e6f'

describe('workspace lease routes', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller
  let clock = 1_800_000_000
  const take = (who: Caller, paths: string[], extra: Record<string, unknown> = {}) =>
    who.post('/channels/build/leases', {workspace: WS, paths, ...extra})
  const check = (who: Caller, paths: string[]) => who.ok('POST', '/leases/check', {workspace: WS, paths})
  const list = async (who: Caller) => (await who.ok('GET', `/leases?workspace=${encodeURIComponent(WS)}`)).leases

  beforeEach(async () => {
    clock = 1_800_000_000
    h = await TestHub.start({now: () => clock})
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    await h.channel(alice, 'build', [bob, carol])
  })
  afterEach(async () => { await h.close() })

  it('grants an exclusive lease and answers a conflicting take with 409 naming the holder and expiry', async () => {
    const granted = await take(bob, ['src/api/**'], {ttl_s: 600, note: 'auth refactor'})
    expect(granted.status, granted.text).to.equal(201)
    expect(granted.body.leases[0]).to.include({workspace: WS, path: 'src/api/**', holder: 'bob', mode: 'exclusive', channel: 'build', expires_at: clock + 600, note: 'auth refactor'})
    const refused = await take(alice, ['src/api/users.ts', 'docs/x.md'])
    expect(refused.status, refused.text).to.equal(409)
    expect(refused.body.detail).to.match(/`src\/api\/users\.ts` \(under `src\/api\/\*\*`\) is held by bob until \d\d:\d\d UTC \(#build\)/)
    expect(refused.body.conflicts).to.deep.equal([{workspace: WS, path: 'src/api/**', holder: 'bob', mode: 'exclusive', channel: 'build',
      taken_at: clock, expires_at: clock + 600, note: 'auth refactor', version: 1, requested: 'src/api/users.ts'}])
    expect((await list(carol)).map((l: any) => `${l.holder}:${l.path}`), 'the refused request leased nothing, not even docs/x.md').to.deep.equal(['bob:src/api/**'])
  })

  it('answers list and check in the shapes @agora/protocol declares', async () => {
    await take(bob, ['src/api/**'], {note: 'auth'})
    const ajv = new Ajv({allErrors: true, strict: true, allowUnionTypes: true})
    const list = await alice.ok('GET', `/leases?workspace=${encodeURIComponent(WS)}`)
    expect(ajv.validate(LeaseListSchema, list), ajv.errorsText()).to.equal(true)
    const checked = await check(alice, ['src/api/users.ts'])
    expect(ajv.validate(LeaseCheckSchema, checked), ajv.errorsText()).to.equal(true)
    expect(checked.conflicts).to.have.length(1)
  })

  it('reads an optional field sent as null as absent', async () => {
    const granted = await take(bob, ['a.md'], {mode: null, ttl_s: null, note: null})
    expect(granted.status, granted.text).to.equal(201)
    expect(granted.body.leases[0]).to.include({mode: 'exclusive', expires_at: clock + 1800})
  })

  it('draws lease takes from the write budget: past the burst a take is 429 with Retry-After and leases nothing', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 45; i++) statuses.push((await take(bob, [`f${i}.md`])).status)
    const refusedAt = statuses.indexOf(429)
    expect(refusedAt, statuses.join(' ')).to.be.greaterThan(0)
    expect(statuses.slice(0, refusedAt).every((s) => s === 201)).to.equal(true)
    const refused = await take(bob, ['late.md'])
    expect(refused.status).to.equal(429)
    expect(Number(refused.headers['retry-after'])).to.be.at.least(1)
    expect((await list(carol)).map((l: any) => l.path)).to.not.include('late.md')
  })

  it('lets shared leases coexist and refuses an exclusive lease over them', async () => {
    expect((await take(alice, ['schema.sql'], {mode: 'shared'})).status).to.equal(201)
    expect((await take(bob, ['schema.sql'], {mode: 'shared'})).status).to.equal(201)
    const exclusive = await take(carol, ['schema.sql'])
    expect(exclusive.status).to.equal(409)
    expect(exclusive.body.conflicts.map((c: any) => c.holder).sort()).to.deep.equal(['alice', 'bob'])
    expect((await check(carol, ['schema.sql'])).clear, 'shared leases never block a write').to.equal(true)
  })

  it('gives exactly one of 16 racing seats the exclusive lease', async () => {
    const racers: Caller[] = []
    for (let i = 0; i < 16; i++) {
      const seat = await h.register(`racer${i}`)
      await alice.ok('POST', '/channels/build/invites', {agent_id: seat.id}).then((inv) => seat.ok('POST', '/channels/build/join', {invite_token: inv.invite_token}))
      racers.push(seat)
    }
    const replies = await Promise.all(racers.map((r) => take(r, ['src/hot.ts'])))
    const winners = replies.filter((r) => r.status === 201)
    expect(winners).to.have.length(1)
    expect(replies.filter((r) => r.status === 409)).to.have.length(15)
    const holders = (await list(alice)).map((l: any) => l.holder)
    expect(holders).to.deep.equal([the(winners, 0).body.leases[0].holder])
  })

  it('expires a lease after its ttl, and a heartbeat keeps it alive', async () => {
    await take(bob, ['a.ts'], {ttl_s: 60})
    await take(carol, ['b.ts'], {ttl_s: 60})
    clock += 50
    const renewed = await bob.ok('POST', '/leases/renew', {workspace: WS, ttl_s: 60})
    expect(renewed.leases.map((l: any) => [l.path, l.expires_at])).to.deep.equal([['a.ts', clock + 60]])
    clock += 20
    expect((await list(alice)).map((l: any) => l.path), "carol's lapsed, bob's was renewed").to.deep.equal(['a.ts'])
    expect((await check(alice, ['b.ts'])).clear).to.equal(true)
    expect((await take(alice, ['b.ts'])).status, 'an expired lease is free to take').to.equal(201)
    const late = await carol.post('/leases/renew', {workspace: WS, paths: ['b.ts']})
    expect(late.status).to.equal(404)
    expect(late.body.detail).to.match(/no live lease on 'b\.ts'.*agora lease take/)
  })

  it('releases only the caller\'s own leases unless an operator names the holder', async () => {
    await take(bob, ['a.ts', 'b.ts'])
    const stranger = await alice.post('/leases/release', {workspace: WS, holder: 'bob'})
    expect(stranger.status).to.equal(403)
    const released = await bob.ok('POST', '/leases/release', {workspace: WS, paths: ['a.ts']})
    expect(released.released.map((l: any) => l.path)).to.deep.equal(['a.ts'])
    expect((await list(alice)).map((l: any) => l.path)).to.deep.equal(['b.ts'])
    const op = await h.register('olga', {operator: true})
    expect((await op.ok('POST', '/leases/release', {workspace: WS, holder: 'bob'})).released.map((l: any) => l.path)).to.deep.equal(['b.ts'])
  })

  it('blocks a write only on another seat\'s exclusive lease, and never the holder\'s own', async () => {
    await take(bob, ['src/api/**'])
    const blocked = await check(alice, ['src/api/users.ts', 'README.md'])
    expect(blocked.clear).to.equal(false)
    expect(blocked.conflicts.map((c: any) => [c.requested, c.holder])).to.deep.equal([['src/api/users.ts', 'bob']])
    expect(blocked.detail).to.match(/held by bob until/)
    expect((await check(bob, ['src/api/users.ts'])).clear).to.equal(true)
  })

  it('refuses hand-written lease: store keys, so leases cannot be forged around the conflict rules', async () => {
    const forged = await alice.put('/channels/build/store/lease:abc', {value: {holder: 'bob'}})
    expect(forged.status).to.equal(403)
    expect(forged.body.detail).to.match(/agora lease take/)
  })

  it('withholds the channel of a lease taken in a room the caller is not in', async () => {
    const dave = await h.register('dave')
    await h.channel(dave, 'secret')
    expect((await dave.post('/channels/secret/leases', {workspace: WS, paths: ['x.ts']})).status).to.equal(201)
    const seen = await check(alice, ['x.ts'])
    expect(seen.conflicts[0]).to.include({holder: 'dave', channel: ''})
    expect(seen.detail).to.match(/a channel you are not in/)
  })

  it('refuses bad requests with a teaching 400 (hub rules) or 422 (the request schema) and writes nothing', async () => {
    for (const [body, detail] of [
      [{workspace: '/home/me/app', paths: ['a']}, /machine path/],
      [{workspace: WS, paths: ['../a']}, /'\.\.'/],
      [{workspace: WS, paths: []}, /non-empty list/],
      [{workspace: WS, paths: ['a'], ttl_s: 5}, /ttl_s/],
    ] as const) {
      const r = await alice.post('/channels/build/leases', body)
      expect(r.status, JSON.stringify(body)).to.equal(400)
      expect(r.body.detail).to.match(detail)
    }
    // What the protocol's LeaseTakeRequest schema refuses is a 422 with a [{loc, msg, type}] detail, as on every other route.
    for (const [body, detail] of [
      [{workspace: WS, paths: ['a'], mode: 'solo'}, /exclusive, shared/],
      [{workspace: WS, paths: ['a'], owner: 'x'}, /unknown field 'owner'/],
      [{workspace: WS, paths: 'a'}, /must be array/],
    ] as const) {
      const r = await alice.post('/channels/build/leases', body)
      expect(r.status, JSON.stringify(body)).to.equal(422)
      expect(JSON.stringify(r.body.detail)).to.match(detail)
    }
    expect(await list(alice)).to.deep.equal([])
    const misspelt = await alice.get(`/leases?workspace=${encodeURIComponent(WS)}&holdr=bob`)
    expect(misspelt.status).to.equal(422)
    expect(JSON.stringify(misspelt.body.detail)).to.include("unknown query parameter 'holdr'")
  })
})
