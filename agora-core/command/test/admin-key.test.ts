import {writeConfig} from '@agora/home'
import {expect} from 'chai'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {requireAdminKey} from '../src/admin-key.js'

describe('requireAdminKey', () => {
  let home: string
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'agora-admin-key-'))
  })
  afterEach(() => rmSync(home, {recursive: true, force: true}))

  it('says whose key config.json holds when it refuses one', () => {
    writeConfig(home, {url: 'http://127.0.0.1:8765', admin_key: 'k-config'})
    expect(() => requireAdminKey(home, 'http://10.0.0.2:8765', {})).to.throw(/belongs to http:\/\/127\.0\.0\.1:8765, not http:\/\/10\.0\.0\.2:8765.*AGORA_ADMIN_KEY/)
  })

  it('names the missing key when config.json has none', () => {
    expect(() => requireAdminKey(home, 'http://127.0.0.1:8765', {})).to.throw(/no admin key in config\.json/)
  })
})
