import {AgoraArgumentError, AgoraHttpError, AgoraUnreachableError} from '@agora/client'
import {expect} from 'chai'

import {failure, guarded, HubError} from '../src/result.js'

const parse = (result: {content: unknown[]}): Record<string, unknown> =>
  JSON.parse((result.content[0] as {text: string}).text) as Record<string, unknown>

describe('result', () => {
  it('turns a hub refusal into an isError result with ok:false, the status, the detail and an action', () => {
    const result = failure(new AgoraHttpError(409, 'store version conflict: current version is 2', 'PUT', '/x'))
    expect(result.isError).to.equal(true)
    const body = parse(result)
    expect(body).to.include({ok: false, error: 409, detail: 'store version conflict: current version is 2'})
    expect(body.action).to.match(/^REQUEST FAILED — nothing was posted or changed; /)
  })

  it('reports an unreachable hub as error 0 with a fix naming the hub', () => {
    const body = parse(failure(new AgoraUnreachableError('http://127.0.0.1:9', new Error('ECONNREFUSED'))))
    expect(body.error).to.equal(0)
    expect(body.action).to.include('agora up')
  })

  it('files an argument the client refused before sending as 400 with its detail, not as a failure of this server', () => {
    expect(parse(failure(new AgoraArgumentError("'\ufffd' holds a lone UTF-16 surrogate")))).to.include({ok: false, error: 400, detail: "'\ufffd' holds a lone UTF-16 surrogate"})
  })

  it('uses a local refusal\'s own fix', () => {
    expect(parse(failure(new HubError(409, 'still open', 'pass force=true'))).action).to.include('pass force=true')
  })

  it('never lets a thrown error escape a tool body', async () => {
    const result = await guarded(async () => { throw new TypeError('boom') })
    expect(result.isError).to.equal(true)
    expect(parse(result)).to.include({ok: false, error: 500, detail: 'boom'})
  })
})
