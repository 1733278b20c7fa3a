import {expect} from 'chai'
import {createServer} from 'node:net'

import {AgoraClient} from '../src/client.js'
import {AgoraHttpError, AgoraUnreachableError, describeDetail} from '../src/errors.js'

/** A port that was free a moment ago: listen on 0, note the port, close. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as {port: number}
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('errors', () => {
  it('turns a refused connection into AgoraUnreachableError, never a bare TypeError', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`
    const client = new AgoraClient({url, apiKey: 'agora_x'})
    const error = await client.whoami().then(() => null, (e: unknown) => e)
    expect(error).to.be.instanceOf(AgoraUnreachableError)
    expect((error as AgoraUnreachableError).url).to.equal(url)
    expect((error as Error).message).to.match(/unreachable/)
    expect((error as AgoraUnreachableError).cause).to.be.instanceOf(Error)
  })

  it('renders a 422 detail list as one line', () => {
    const error = new AgoraHttpError(422, [{loc: ['query', 'wait'], msg: 'must be <= 55', type: 'value_error'}], 'GET', '/inbox')
    expect(error.detailText).to.equal('query.wait: must be <= 55')
    expect(error.message).to.equal('GET /inbox → 422: query.wait: must be <= 55')
    expect(describeDetail('plain')).to.equal('plain')
  })

  it('refuses an admin call without an admin key before sending anything', async () => {
    const client = new AgoraClient({url: 'http://127.0.0.1:1', apiKey: 'agora_x'})
    const error = await client.registerAgent({id: 'x'}).then(() => null, (e: unknown) => e)
    expect((error as Error).message).to.match(/needs the admin key/)
  })
})
