import {expect} from 'chai'
import {createServer} from 'node:http'
import type {IncomingMessage, Server, ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'

import {postCheck} from '../../src/hook/gate-main.js'

/** A real loopback server whose handler decides how (or whether) to answer. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{url: string; server: Server}> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server}
}

describe('the lease gate request', () => {
  const servers: Server[] = []
  afterEach(() => { for (const s of servers.splice(0)) s.closeAllConnections(), s.close() })

  it('sends one POST /leases/check on its own connection, asking the hub to close it', async () => {
    const seen: Array<{method?: string; url?: string; connection?: string; auth?: string; body: string}> = []
    const {url, server} = await serve((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        seen.push({method: req.method, url: req.url, connection: req.headers.connection, auth: req.headers.authorization, body})
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({workspace: 'local@abc', clear: true, conflicts: [], detail: ''}))
      })
    })
    servers.push(server)
    const answer = await postCheck(url, 'k-1', 'local@abc', ['src/a.ts'])
    expect(answer.clear).to.equal(true)
    expect(seen).to.deep.equal([{method: 'POST', url: '/leases/check', connection: 'close', auth: 'Bearer k-1', body: '{"workspace":"local@abc","paths":["src/a.ts"]}'}])
  })

  it('gives up on a hub that answers too slowly within the deadline, even while bytes trickle in', async () => {
    const {url, server} = await serve((_req, res) => {
      res.writeHead(200, {'content-type': 'application/json'})
      const drip = setInterval(() => res.write(' '), 50)
      res.on('close', () => clearInterval(drip))
    })
    servers.push(server)
    const error = await postCheck(url, 'k-1', 'local@abc', ['src/a.ts'], 300).then(() => null, (e: Error) => e)
    expect(error?.message).to.equal(`hub ${url} did not answer within 300 ms`)
  })
})
