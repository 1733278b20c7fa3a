import {expect} from 'chai'
import type {Hub} from '../../../../src/index.js'
import {call, room, scratchHub, seats} from '../../helpers.js'
import {validatePath} from '../../../../src/services/store/fs.js'

describe('vfs', () => {
  let hub: Hub
  let k: Record<string, string>
  const fs = (method: string, path: string, who = 'bob', body?: unknown) => call(hub, method, `/channels/room/fs/${path}`, k[who], body)

  beforeEach(async () => {
    hub = await scratchHub()
    k = await seats(hub, 'alice', 'bob')
    await room(hub, k, 'room', 'alice', ['bob'])
  })
  afterEach(async () => { await hub.close() })

  it('keeps versions monotonic across delete and recreate, with one audit message per mutation', async () => {
    expect((await fs('PUT', 'notes/a.md', 'bob', {content: 'one'})).body.version).to.equal(1)
    expect((await fs('DELETE', 'notes/a.md?expect_version=1')).body).to.deep.equal({deleted: true})
    expect((await fs('GET', 'notes/a.md')).status).to.equal(404)
    expect((await fs('PUT', 'notes/a.md', 'bob', {content: 'three', expect_version: 1})).status).to.equal(409)
    expect((await fs('PUT', 'notes/a.md', 'bob', {content: 'three', expect_version: 0})).body.version).to.equal(3)
    expect((await fs('GET', 'notes/a.md?version=1')).body.content).to.equal('one')
    expect((await fs('GET', 'notes/a.md?version=2')).status).to.equal(404)
    const hist = await call(hub, 'GET', '/channels/room/fshist/notes/a.md', k.alice)
    expect(hist.body.map((m: {title: string}) => m.title)).to.deep.equal(['fs:put notes/a.md', 'fs:delete notes/a.md', 'fs:put notes/a.md'])
    expect(hist.body[0].data).to.deep.equal({op: 'put', path: 'notes/a.md', version: 1, size_bytes: 3})
    expect((await fs('DELETE', 'missing.md')).body).to.deep.equal({deleted: false})
  })

  it('stores binary content as strict base64 with the decoded size', async () => {
    const put = await fs('PUT', 'bin/x', 'bob', {content_b64: Buffer.from([0, 1, 2, 255]).toString('base64')})
    expect(put.body).to.include({size_bytes: 4, encoding: 'base64', content: '', mime: 'application/octet-stream'})
    expect((await fs('PUT', 'bin/y', 'bob', {content_b64: 'AAE'})).status).to.equal(400)
    expect((await fs('PUT', 'bin/z', 'bob', {content: 'a', content_b64: 'AA=='})).status).to.equal(400)
  })

  it('refuses bad paths and guards the channel/ prefix', async () => {
    for (const bad of ['a//b', encodeURIComponent('a\\b'), 'a/%20b', 'a/b%20', 'x%00']) expect((await fs('PUT', bad, 'bob', {content: 'x'})).status, bad).to.equal(400)
    for (const bad of ['../b', 'a/./b', '/abs', 'x'.repeat(513)]) expect(() => validatePath(bad), bad).to.throw(/is invalid/)
    expect((await fs('PUT', 'channel/charter.md', 'bob', {content: 'mine'})).status).to.equal(403)
    expect((await fs('PUT', 'channel/charter.md', 'alice', {content: '# new charter'})).body.version).to.equal(2)
  })

  it('lists live files with a derived description', async () => {
    await fs('PUT', 'docs/plan.md', 'bob', {content: '\n# The plan\nbody'})
    await fs('PUT', 'docs/gone.md', 'bob', {content: 'x'})
    await fs('DELETE', 'docs/gone.md')
    const list = await call(hub, 'GET', '/channels/room/fs?prefix=docs/', k.alice)
    expect(list.body).to.have.length(1)
    expect(list.body[0]).to.include({path: 'docs/plan.md', description: 'The plan', described: false, version: 1})
  })
})
