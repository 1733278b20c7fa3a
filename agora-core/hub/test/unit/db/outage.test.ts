import {expect} from 'chai'
import {databaseOutage} from '../../../src/db/outage.js'
import {mapError} from '../../../src/http/app.js'

const err = (message: string, extra: Record<string, unknown> = {}): Error => Object.assign(new Error(message), extra)

describe('databaseOutage', () => {
  it('says a refused or unresolvable connection, a full pool and a server not accepting connections wrote nothing', () => {
    for (const e of [err('connect ECONNREFUSED 127.0.0.1:5432', {code: 'ECONNREFUSED'}), err('getaddrinfo ENOTFOUND db', {code: 'ENOTFOUND'}),
      err('Timeout acquiring a connection. The pool is probably full.', {name: 'KnexTimeoutError'}),
      err('the database system is starting up', {code: '57P03'}), err('sorry, too many clients already', {code: '53300'})]) {
      expect(databaseOutage(e), e.message).to.equal('before')
    }
  })

  it('says a link cut mid-statement may have written, whatever form the cut takes', () => {
    for (const e of [err('Connection terminated unexpectedly'), err('terminating connection due to administrator command', {code: '57P01'}),
      err('server closed the connection', {code: '08006'}), err('read ECONNRESET', {code: 'ECONNRESET'})]) {
      expect(databaseOutage(e), e.message).to.equal('during')
    }
  })

  it('leaves every other error alone: a constraint, a syntax error, a hub bug', () => {
    for (const e of [err('duplicate key', {code: '23505'}), err('syntax error', {code: '42601'}), new TypeError('x is undefined'), null, 'text']) {
      expect(databaseOutage(e)).to.equal(null)
    }
  })

  it('becomes a 503 with Retry-After on the wire instead of a 500', () => {
    const quiet = process.stderr.write
    process.stderr.write = (() => true) as typeof process.stderr.write
    try {
      expect(mapError(err('connect ECONNREFUSED 127.0.0.1:5432', {code: 'ECONNREFUSED'}))).to.include({status: 503, retryAfter: 2})
      expect(mapError(err('Connection terminated unexpectedly')).detail).to.match(/may or may not have landed; read it back/)
    } finally {
      process.stderr.write = quiet
    }
  })
})
