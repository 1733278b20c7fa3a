import {expect} from 'chai'

import {decodeInvite, encodeInvite, parseTtl} from '../src/artifact.js'

describe('invite artifact', () => {
  it('encodes AGORA1. + unpadded base64url of minified JSON with only the fields given', () => {
    const line = encodeInvite({u: 'http://127.0.0.1:8765/', t: 'agora-join_x.y', a: 'castor', c: [], e: 1796088573.499})
    expect(line).to.match(/^AGORA1\.[A-Za-z0-9_-]+$/).and.not.include('=')
    const json = Buffer.from(line.slice(7), 'base64url').toString('utf8')
    expect(json).to.equal('{"u":"http://127.0.0.1:8765","t":"agora-join_x.y","a":"castor","e":1796088573}')
  })

  it('round-trips through decode', () => {
    const payload = {u: 'http://hub.example:8765', t: 'agora-join_1.2', a: 'pollux', c: ['commons', 'plan'], e: 1800000000}
    expect(decodeInvite(`  ${encodeInvite(payload)}\n`)).to.deep.equal(payload)
  })

  it('refuses a truncated or foreign line with a reason', () => {
    const whole = encodeInvite({u: 'http://127.0.0.1:1', t: 'agora-join_1.2'})
    expect(() => decodeInvite(whole.slice(0, -6))).to.throw(/not an agora invite \(its payload is not JSON/)
    expect(() => decodeInvite('AGORA2.abc')).to.throw(/does not start with AGORA1\./)
    expect(() => decodeInvite(`AGORA1.${Buffer.from('{"u":"ftp://x","t":"k"}').toString('base64url')}`)).to.throw(/"u" must be the hub http/)
  })

  it('parses ttl durations and refuses the rest, naming the accepted forms', () => {
    expect([parseTtl('90'), parseTtl('30m'), parseTtl('12h'), parseTtl('7d')]).to.deep.equal([90, 1800, 43200, 604800])
    expect(() => parseTtl('2 weeks')).to.throw(/e\.g\. 3600, 30m, 12h, 7d/)
    expect(() => parseTtl('0')).to.throw(/at least 1 second/)
  })
})
