import {expect} from 'chai'
import {createServer} from 'node:net'
import type {Server, Socket} from 'node:net'
import {openPostgres, PG_CONNECT_TIMEOUT_MS} from '../../src/db/open-pg.js'
import {freshDatabase} from '../helpers/pg-cluster.js'

describe('openPostgres connection bounds', function () {
  this.timeout(60_000)

  it('gives up on a server that accepts the connection and never answers, naming the database', async () => {
    const sockets: Socket[] = []
    const silent: Server = createServer(s => { sockets.push(s) }) // accepts, reads nothing, says nothing
    await new Promise<void>(resolve => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as {port: number}).port
    try {
      const err = await openPostgres(`postgres://agora@127.0.0.1:${port}/agora`).then(() => null, (e: Error) => e)
      expect(err?.message).to.match(new RegExp(`127\\.0\\.0\\.1:${port}`))
      expect(err?.message).to.include(`timeout expired; 127.0.0.1:${port} took the connection but sent nothing back in 10 s: check that it is PostgreSQL (pg_isready -h 127.0.0.1 -p ${port})`)
      expect(PG_CONNECT_TIMEOUT_MS).to.equal(10_000)
    } finally {
      for (const s of sockets) s.destroy()
      silent.close()
    }
  })

  it('ends a pooled session that idles inside a transaction for a minute, and keeps the origin mark', async () => {
    const db = await openPostgres(await freshDatabase('bounds'))
    try {
      const storage = db.storage()
      const row = await storage.get<{t: string; o: string}>("SELECT current_setting('idle_in_transaction_session_timeout') AS t, current_setting('agora.origin') AS o")
      expect(row).to.deep.equal({t: '1min', o: db.origin})
    } finally {
      await db.close()
    }
  })
})
