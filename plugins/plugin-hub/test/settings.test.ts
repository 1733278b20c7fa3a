import {expect} from 'chai'
import {join, resolve} from 'node:path'
import {resolveUpSettings} from '../src/settings.js'

describe('resolveUpSettings', () => {
  it('defaults to loopback, port 8765 and <home>/agora.db', () => {
    const s = resolveUpSettings({home: '/tmp/agora-x'}, {})
    expect(s).to.include({host: '127.0.0.1', port: 8765, db: join('/tmp/agora-x', 'agora.db'), ratePerMinute: 60, writeRatePerMinute: 120, toCloseMinAge: 300})
    expect(s.notifyDir).to.equal(resolve('/tmp/agora-x'))
  })

  it('reads AGORA_* env and lets flags win', () => {
    const env = {AGORA_HOME: '/tmp/agora-env', AGORA_HOST: '0.0.0.0', AGORA_PORT: '9000', AGORA_DB: '/tmp/e.db',
      AGORA_RATE_PER_MINUTE: '6000', AGORA_WRITE_RATE_PER_MINUTE: '30', AGORA_TO_CLOSE_MIN_AGE: '0'}
    expect(resolveUpSettings({}, env)).to.include({home: '/tmp/agora-env', host: '0.0.0.0', port: 9000, db: '/tmp/e.db', ratePerMinute: 6000, writeRatePerMinute: 30, toCloseMinAge: 0})
    expect(resolveUpSettings({port: 0, host: '127.0.0.1', db: '/tmp/f.db'}, env)).to.include({port: 0, host: '127.0.0.1', db: '/tmp/f.db'})
  })

  it('stops with its launcher unless AGORA_STOP_WITH_PARENT=0', () => {
    expect(resolveUpSettings({home: '/tmp/a'}, {}).stopWithParent).to.equal(true)
    expect(resolveUpSettings({home: '/tmp/a'}, {AGORA_STOP_WITH_PARENT: '0'}).stopWithParent).to.equal(false)
  })

  it("disables notify files with an empty --notify-dir", () => {
    expect(resolveUpSettings({home: '/tmp/a', 'notify-dir': ''}, {}).notifyDir).to.equal(null)
  })

  it('refuses a non-numeric port or rate', () => {
    expect(() => resolveUpSettings({}, {AGORA_PORT: 'x', AGORA_HOME: '/tmp/a'})).to.throw(/AGORA_PORT=x/)
    expect(() => resolveUpSettings({}, {AGORA_RATE_PER_MINUTE: '0', AGORA_HOME: '/tmp/a'})).to.throw(/AGORA_RATE_PER_MINUTE=0/)
  })

  it('keeps a postgres:// URL from --db or AGORA_DB as written, and refuses another scheme naming both forms', () => {
    const url = 'postgres://agora@db.internal:5432/agora'
    expect(resolveUpSettings({home: '/tmp/a', db: url}, {}).db).to.equal(url)
    expect(resolveUpSettings({home: '/tmp/a'}, {AGORA_DB: 'postgresql://agora@db/agora'}).db).to.equal('postgresql://agora@db/agora')
    expect(resolveUpSettings({home: '/tmp/a', db: 'rel/hub.db'}, {}).db).to.equal(resolve('rel/hub.db'))
    expect(() => resolveUpSettings({home: '/tmp/a', db: 'postgres:'}, {})).to.throw(/'postgres:' is not supported: pass a SQLite file path/)
    expect(() => resolveUpSettings({home: '/tmp/a'}, {AGORA_DB: 'sqlite://x.db'})).to.throw(/PostgreSQL URL \(postgres:\/\//)
  })
})
