import {expect} from 'chai'
import {mkdtempSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {configPath, DEFAULT_HUB_URL, normalizeUrl, readConfig, writeConfig} from '../src/config.js'

describe('config', () => {
  let home: string
  beforeEach(() => {
    home = join(mkdtempSync(join(tmpdir(), 'agora-cfg-')), 'home')
  })

  it('normalizes urls by trimming and stripping trailing slashes', () => {
    expect(normalizeUrl('  http://h:1/// ')).to.equal('http://h:1')
    expect(DEFAULT_HUB_URL).to.equal('http://127.0.0.1:8765')
  })

  it('reads an absent config as empty', () => {
    expect(readConfig(home)).to.deep.equal({})
  })

  it('merges patches, keeps unknown keys, removes null keys and writes 0600 in 0700', () => {
    writeConfig(home, {url: 'http://127.0.0.1:9/', admin_key: 'k1', llm: {model: 'm'}})
    writeConfig(home, {db_path: '/tmp/x.db', admin_key: undefined})
    expect(readConfig(home)).to.deep.equal({url: 'http://127.0.0.1:9', admin_key: 'k1', llm: {model: 'm'}, db_path: '/tmp/x.db'})
    writeConfig(home, {admin_key: null})
    expect(readConfig(home)).to.not.have.property('admin_key')
    expect(statSync(configPath(home)).mode & 0o777).to.equal(0o600)
    expect(statSync(home).mode & 0o777).to.equal(0o700)
  })

  it('refuses corrupt config.json naming the file and leaves it untouched', () => {
    writeConfig(home, {})
    writeFileSync(configPath(home), '{"url": ')
    expect(() => readConfig(home)).to.throw(configPath(home))
    expect(() => writeConfig(home, {url: 'http://x'})).to.throw(/not valid JSON/)
    expect(readFileSync(configPath(home), 'utf8')).to.equal('{"url": ')
  })

  it('refuses a non-string url in config.json', () => {
    writeConfig(home, {})
    writeFileSync(configPath(home), '{"url": 5}')
    expect(() => readConfig(home)).to.throw(/"url" must be a string/)
  })
})
