import {expect} from 'chai'
import {mkdtempSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {cacheKey, keysPath, lookupKey} from '../src/keys.js'

describe('keys', () => {
  let home: string
  beforeEach(() => {
    home = join(mkdtempSync(join(tmpdir(), 'agora-keys-')), 'home')
  })

  it('caches a key under "<url>::<id>" with the url slash-stripped', () => {
    cacheKey(home, 'http://127.0.0.1:8765/', 'alice', 'agora_aaa')
    expect(JSON.parse(readFileSync(keysPath(home), 'utf8'))).to.deep.equal({'http://127.0.0.1:8765::alice': 'agora_aaa'})
    expect(lookupKey(home, 'http://127.0.0.1:8765', 'alice')).to.equal('agora_aaa')
    expect(lookupKey(home, 'http://127.0.0.1:8765', 'bob')).to.equal(undefined)
    expect(lookupKey(home, 'http://other:1', 'alice')).to.equal(undefined)
  })

  it('merges new keys and keeps the other entries', () => {
    cacheKey(home, 'http://h:1', 'alice', 'agora_a')
    cacheKey(home, 'http://h:2', 'alice', 'agora_b')
    cacheKey(home, 'http://h:1', 'bob', 'agora_c')
    cacheKey(home, 'http://h:1', 'alice', 'agora_d')
    expect(JSON.parse(readFileSync(keysPath(home), 'utf8'))).to.deep.equal({
      'http://h:1::alice': 'agora_d',
      'http://h:2::alice': 'agora_b',
      'http://h:1::bob': 'agora_c',
    })
  })

  it('keeps keys.json 0600 inside a 0700 home', () => {
    cacheKey(home, 'http://h:1', 'alice', 'agora_a')
    expect(statSync(keysPath(home)).mode & 0o777).to.equal(0o600)
    expect(statSync(home).mode & 0o777).to.equal(0o700)
  })

  it('refuses a corrupt keys.json instead of overwriting the other keys', () => {
    cacheKey(home, 'http://h:1', 'alice', 'agora_a')
    writeFileSync(keysPath(home), '{"http://h:1::alice": "agora_a",')
    expect(() => lookupKey(home, 'http://h:1', 'alice')).to.throw(keysPath(home))
    expect(() => cacheKey(home, 'http://h:1', 'bob', 'agora_b')).to.throw(/not valid JSON/)
    expect(readFileSync(keysPath(home), 'utf8')).to.equal('{"http://h:1::alice": "agora_a",')
  })

  it('refuses to cache an empty key', () => {
    expect(() => cacheKey(home, 'http://h:1', 'alice', ' ')).to.throw(/empty API key/)
  })
})
