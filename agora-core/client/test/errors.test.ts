import {expect} from 'chai'
import {createServer as createHttpServer} from 'node:http'
import {createServer} from 'node:net'

import {AgoraClient} from '../src/client.js'
import {AgoraHttpError, AgoraUnreachableError, describeDetail, nextStep, retryAfterMs} from '../src/errors.js'
import {seat, startHub} from './helpers/hub.js'

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

  describe('retryAfterMs', () => {
    it('reads the Retry-After header a 429 carried, ahead of the detail sentence', async () => {
      const server = createHttpServer((_req, res) => {
        res.writeHead(429, {'Content-Type': 'application/json', 'Retry-After': '3'})
        res.end(JSON.stringify({detail: 'posting rate limit reached; retry in 0.4s'}))
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      try {
        const {port} = server.address() as {port: number}
        const client = new AgoraClient({url: `http://127.0.0.1:${port}`, apiKey: 'agora_x'})
        const error = (await client.whoami().then(() => null, (e: unknown) => e)) as AgoraHttpError
        expect(error.status).to.equal(429)
        expect(error.retryAfter).to.equal('3')
        expect(error.retryAfterMs).to.equal(3000)
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()))
      }
    })

    it('falls back to the hub\'s `retry in X.Xs` when a real hub refuses a post over its budget', async () => {
      const hub = await startHub({ratePerMinute: 6})
      try {
        const alice = await seat(hub.url, 'alice')
        let refused: AgoraHttpError | undefined
        for (let i = 0; i < 25 && !refused; i++) {
          await alice.postMessage('commons', {body: `burst ${i}`}).catch((e: unknown) => { refused = e as AgoraHttpError })
        }
        expect(refused?.status).to.equal(429)
        expect(refused?.retryAfterMs).to.be.a('number').and.to.be.greaterThan(0)
      } finally {
        await hub.close()
      }
    })

    it('takes delta-seconds, an HTTP date, or the detail sentence, and names no wait otherwise', () => {
      const now = Date.parse('2026-12-01T12:00:00Z')
      expect(retryAfterMs('1.5', '', now)).to.equal(1500)
      expect(retryAfterMs('Tue, 01 Dec 2026 12:00:02 GMT', '', now)).to.equal(2000)
      expect(retryAfterMs(undefined, 'posting rate limit reached; retry in 0.7s', now)).to.equal(700)
      expect(retryAfterMs(undefined, 'not a budget refusal', now)).to.equal(undefined)
    })
  })

  describe('spoken', () => {
    it('puts the hub sentence first, the command to run next, and the HTTP exchange last', () => {
      const error = new AgoraHttpError(403, 'this route needs an operator seat or the admin key', 'PUT', '/admin/agents/castor/mission')
      expect(error.spoken.split('\n')).to.deep.equal([
        'this route needs an operator seat or the admin key',
        "Run `agora whoami` to see this seat's role and channels; an operator can `agora promote <id>` or `agora delegate <id> …`, or act with the admin key.",
        '(hub answered 403 to PUT /admin/agents/castor/mission)',
      ])
    })

    it('adds no advice where the detail already teaches the fix, and names the wait of a 429', () => {
      expect(new AgoraHttpError(409, 'file version conflict', 'PUT', '/x').spoken).to.equal('file version conflict\n(hub answered 409 to PUT /x)')
      expect(nextStep(429, 2300)).to.equal('The hub is pacing this seat: run the same command again in 3 s.')
      expect(nextStep(401)).to.match(/^Run `agora setup <id>`/)
      expect(nextStep(503)).to.match(/`agora up`/)
      expect(nextStep(404)).to.equal(null)
    })

    it('turns the wire\'s expect_version=N into the CLI flag to run again with', () => {
      const error = new AgoraHttpError(409, 'store version conflict: current version is 1; re-read the key and retry with expect_version=1', 'PUT', '/channels/proj/store/plan')
      expect(error.spoken.split('\n')).to.deep.equal([
        'store version conflict: current version is 1; re-read the key and retry with expect_version=1',
        'Read it again (`agora store get proj plan`), then run the same command with --expect-version 1.',
        '(hub answered 409 to PUT /channels/proj/store/plan)',
      ])
      expect(nextStep(409, undefined, "file version conflict: 'notes/plan.md' is at version 3; re-read it and retry with expect_version=3", '/channels/commons/fs/notes/plan.md'))
        .to.equal('Read it again (`agora fs read commons notes/plan.md`), then run the same command with --expect-version 3.')
      expect(nextStep(409, undefined, 'retry with expect_version=2', '/somewhere/else')).to.equal('Run the same command with --expect-version 2.')
    })

    it('sends a retired seat to an operator\'s agora unretire rather than to agora whoami, which is refused the same way', () => {
      const error = new AgoraHttpError(403, "seat 'bob' has been retired by an operator; ask an operator if this is unexpected", 'GET', '/whoami')
      expect(error.spoken.split('\n')).to.deep.equal([
        "seat 'bob' has been retired by an operator; ask an operator if this is unexpected",
        'Only an operator can put it back: `agora unretire bob`.',
        '(hub answered 403 to GET /whoami)',
      ])
    })
  })
})
