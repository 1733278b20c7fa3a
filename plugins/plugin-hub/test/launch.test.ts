import {expect} from 'chai'
import {parseUpArgv, UpUsageError} from '../src/launch.js'
import {UP_FLAGS} from '../src/settings.js'
import Up from '../src/commands/up.js'

describe('parseUpArgv', () => {
  it('reads every flag in both --flag value and --flag=value forms', () => {
    expect(parseUpArgv(['--host', '0.0.0.0', '--port=0', '--db', '/tmp/x.db', '--home=/tmp/h', '--notify-dir', ''])).to.deep.equal(
      {host: '0.0.0.0', port: 0, db: '/tmp/x.db', home: '/tmp/h', 'notify-dir': ''})
  })

  it('returns no flags for an empty argv', () => {
    expect(parseUpArgv([])).to.deep.equal({})
  })

  it('refuses an unknown flag, naming it and the help', () => {
    expect(() => parseUpArgv(['--json'])).to.throw(UpUsageError, /Unknown option '--json'; see `agora up --help`/)
  })

  it('refuses a positional argument', () => {
    expect(() => parseUpArgv(['now'])).to.throw(UpUsageError, /Unexpected argument 'now'/)
  })

  it('refuses a port that is not an integer or is out of range', () => {
    expect(() => parseUpArgv(['--port', '80.5'])).to.throw(/--port expects an integer but received '80.5'/)
    expect(() => parseUpArgv(['--port', '65536'])).to.throw(/between 0 and 65535 but received 65536/)
  })

  it('declares the same flags as the oclif command', () => {
    expect(Object.keys(Up.flags).sort()).to.deep.equal(Object.keys(UP_FLAGS).sort())
    expect(Up.flags.port.description).to.equal(UP_FLAGS.port.description)
  })
})
