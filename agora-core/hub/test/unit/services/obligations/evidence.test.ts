import {expect} from 'chai'
import {TestHub} from '../../../helpers/hub.js'
import type {Caller} from '../../../helpers/hub.js'

const SHA = 'AB'.repeat(32)

describe('evidence', () => {
  let h: TestHub
  let alice: Caller
  let bob: Caller
  let blobId: string
  before(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
    await bob.ok('PUT', '/channels/room/fs/out/report.md', {content: 'draft'})
    await bob.ok('PUT', '/channels/room/fs/out/report.md', {content: 'final text'})
    await bob.ok('PUT', '/channels/room/store/plan:build', {value: {step: 3}})
    const res = await fetch(`${h.url}/channels/room/attachments?filename=shot.png`, {method: 'POST',
      headers: {authorization: `Bearer ${bob.key}`, 'content-type': 'image/png'}, body: Buffer.from('not really a png')})
    blobId = ((await res.json()) as {id: string}).id
  })
  after(async () => { await h.close() })

  it('stamps an fs ref with the hub\'s record of the file (path@version, author, size, verified) and pins an older version with path@N', async () => {
    const m = await alice.postMessage('room', {body: 'done', data: {evidence: [{kind: 'fs', ref: 'out/report.md'}, {kind: 'fs', ref: 'out/report.md@1'}]}})
    const [now, then] = m.data.evidence
    expect(now).to.deep.include({kind: 'fs', ref: 'out/report.md@2', path: 'out/report.md', version: 2, updated_by: 'bob', size: 10, verified: true})
    expect(now.updated_at).to.be.a('number')
    expect(then).to.deep.include({kind: 'fs', ref: 'out/report.md@1', path: 'out/report.md', version: 1, size: 5, verified: true})
  })

  it('stamps store and blob refs from their rows and marks an external ref unverified', async () => {
    const m = await alice.postMessage('room', {body: 'done', data: {evidence: [
      {kind: 'store', ref: 'plan:build'}, {kind: 'blob', ref: blobId}, {kind: 'external', ref: 'https://ci.example/run/7', sha256: SHA, size_bytes: 2048},
    ]}})
    const [store, blob, external] = m.data.evidence
    expect(store).to.deep.include({kind: 'store', ref: 'plan:build', version: 1, updated_by: 'bob', verified: true})
    expect(blob).to.deep.equal({kind: 'blob', ref: blobId, filename: 'shot.png', size: 16, created_by: 'bob', verified: true})
    expect(external).to.deep.equal({kind: 'external', ref: 'https://ci.example/run/7', sha256: SHA.toLowerCase(), size_bytes: 2048, verified: false})
  })

  it('refuses refs the hub cannot resolve in this channel, forged stamps and bad shapes with a teaching 400, posting nothing', async () => {
    const before = (await alice.history('room')).length
    const cases: Array<[unknown, RegExp]> = [
      [[{kind: 'fs', ref: 'out/missing.md'}], /does not hold; write it first/],
      [[{kind: 'fs', ref: 'out/report.md@9'}], /fshist/],
      [[{kind: 'store', ref: 'plan:nothing'}], /store key 'plan:nothing'/],
      [[{kind: 'store', ref: 'fs/out/report.md'}], /files are kind fs/],
      [[{kind: 'blob', ref: 'f'.repeat(64)}], /upload it with POST/],
      [[{kind: 'external', ref: 'https://x', sha256: SHA, size_bytes: 1, verified: true}], /field 'verified'.*the hub stamps the rest/],
      [[{kind: 'external', ref: 'https://x', size_bytes: 1}], /needs sha256/],
      [[{kind: 'external', ref: 'https://x', sha256: SHA, size_bytes: -1}], /needs size_bytes/],
      [[{kind: 'link', ref: 'x'}], /kind must be one of fs, store, blob, external/],
      [[{kind: 'fs'}], /ref must be a non-empty string/],
      [Array.from({length: 13}, () => ({kind: 'fs', ref: 'out/report.md'})), /limit is 12/],
      ['out/report.md', /must be a list/],
    ]
    for (const [evidence, detail] of cases) {
      const r = await alice.post('/channels/room/messages', {body: 'done', data: {evidence}})
      expect(r.status, JSON.stringify(evidence)).to.equal(400)
      expect(r.body.detail).to.match(detail)
    }
    expect((await alice.history('room')).length).to.equal(before)
  })

  it('refuses a ref to a file that lives in another channel', async () => {
    await h.channel(alice, 'elsewhere', [bob])
    const r = await alice.post('/channels/elsewhere/messages', {body: 'done', data: {evidence: [{kind: 'fs', ref: 'out/report.md'}]}})
    expect(r.status).to.equal(400)
    expect(r.body.detail).to.include("'elsewhere' does not hold")
  })
})
