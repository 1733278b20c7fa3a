import {expect} from 'chai'
import {createHash} from 'node:crypto'
import type {Hub} from '../../../../src/index.js'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('attachments', () => {
  let hub: Hub
  let k: Record<string, string>
  const upload = (who: string, bytes: Buffer, type: string, filename = 'f.bin') =>
    fetch(`${hub.url}/channels/room/attachments?filename=${encodeURIComponent(filename)}`,
      {method: 'POST', headers: {authorization: `Bearer ${k[who]}`, 'content-type': type}, body: bytes})

  beforeEach(async () => {
    hub = await scratchHub()
    k = await seats(hub, 'alice', 'bob')
    await room(hub, k, 'room', 'alice', ['bob'])
  })
  afterEach(async () => { await hub.close() })

  it('stores bytes under their sha256, idempotently, and serves them with hardened headers', async () => {
    const bytes = Buffer.from('<svg onload=alert(1)>')
    const id = createHash('sha256').update(bytes).digest('hex')
    const up = await (await upload('bob', bytes, 'image/svg+xml', 'pic é.svg')).json() as Record<string, unknown>
    expect(up).to.include({channel: 'room', id, filename: 'pic é.svg', content_type: 'image/svg+xml', size: bytes.length, created_by: 'bob'})
    expect(((await (await upload('alice', bytes, 'text/plain')).json()) as {created_by: string}).created_by).to.equal('bob')
    const got = await fetch(`${hub.url}/channels/room/attachments/${id}`, {headers: {authorization: `Bearer ${k.alice}`}})
    expect(got.headers.get('content-type')).to.equal('application/octet-stream')
    expect(got.headers.get('x-declared-content-type')).to.equal('image/svg+xml')
    expect(got.headers.get('x-content-type-options')).to.equal('nosniff')
    expect(got.headers.get('content-disposition')).to.equal(`attachment; filename="pic _.svg"; filename*=UTF-8''pic%20%C3%A9.svg`)
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).to.equal(true)
  })

  it('normalizes post refs from the blob row and withdraws the blob once every carrier is retracted', async () => {
    const bytes = Buffer.from('report body')
    const {id} = await (await upload('bob', bytes, 'text/plain', 'report.txt')).json() as {id: string}
    const m = await call(hub, 'POST', '/channels/room/messages', k.bob, {body: 'see file', attachments: [{id, filename: 'r.txt'}]})
    expect(m.body.data.attachments).to.deep.equal([{id, filename: 'r.txt', content_type: 'text/plain', size: bytes.length}])
    const env = (await call(hub, 'GET', '/inbox', k.alice)).body.find((e: {id: string}) => e.id === m.body.id)
    expect(env.attachments).to.have.length(1)
    expect((await call(hub, 'POST', '/channels/room/messages', k.bob, {body: 'x', attachments: ['0'.repeat(64)]})).status).to.equal(400)
    await call(hub, 'POST', `/channels/room/messages/${m.body.id}/retract`, k.bob)
    expect((await call(hub, 'GET', `/channels/room/attachments/${id}`, k.alice)).status).to.equal(404)
    expect((await call(hub, 'GET', '/channels/room/attachments/NOTHEX', k.alice)).status).to.equal(400)
  })

  it('refuses empty and oversized uploads', async () => {
    expect((await upload('bob', Buffer.alloc(0), 'text/plain')).status).to.equal(400)
    expect((await upload('bob', Buffer.alloc(16 * 1024 * 1024 + 1), 'application/octet-stream')).status).to.equal(413)
  })
})
