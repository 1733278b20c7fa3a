import {expect} from 'chai'

import {cliForRouteIn} from '../src/cli-for-route.js'
import {AgoraHttpError} from '../src/errors.js'

describe('cliForRouteIn', () => {
  it('names the agora command for each listing route a hub refusal points at', () => {
    expect(cliForRouteIn("channel 'nochan' does not exist; list yours with GET /channels")).to.equal('agora channels')
    expect(cliForRouteIn("no file 'nope.md' in 'commons'; list files with GET /channels/commons/fs")).to.equal('agora fs list commons')
    expect(cliForRouteIn("'a/b.md' has no readable version 3; list versions with GET /channels/proj/fshist/a/b.md")).to.equal('agora fs history proj a/b.md')
    expect(cliForRouteIn("no store key 'nokey' in 'proj'; list keys with GET /channels/proj/store")).to.equal('agora store list proj')
    expect(cliForRouteIn('keys must be a list of 1-50 ruling keys; list them with GET /channels/board/digest')).to.equal('agora digest board')
    expect(cliForRouteIn('see your own work with GET /board.')).to.equal('agora board')
  })

  it('decodes an escaped channel name and answers null for a route the CLI does not list', () => {
    expect(cliForRouteIn('list files with GET /channels/dm%3Aalice--bob/fs')).to.equal('agora fs list dm:alice--bob')
    expect(cliForRouteIn('read it with GET /whoami')).to.equal(null)
    expect(cliForRouteIn('no route named at all')).to.equal(null)
  })

  it('adds the command to a 404 spoken by the CLI, between the hub sentence and the exchange', () => {
    const error = new AgoraHttpError(404, "no file 'nope.md' in 'commons'; list files with GET /channels/commons/fs", 'GET', '/channels/commons/fs/nope.md')
    expect(error.spoken.split('\n')).to.deep.equal([
      "no file 'nope.md' in 'commons'; list files with GET /channels/commons/fs",
      'From the CLI: `agora fs list commons`.',
      '(hub answered 404 to GET /channels/commons/fs/nope.md)',
    ])
  })
})
