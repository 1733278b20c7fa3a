import {expect} from 'chai'
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {ensureHome, readJsonObject, resolveHome, writeSecureFile} from '../src/files.js'

const mode = (path: string): number => statSync(path).mode & 0o777

describe('files', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'agora-home-'))
  })

  it('resolves AGORA_HOME when set and ~/.agora otherwise', () => {
    expect(resolveHome({AGORA_HOME: join(root, 'h')})).to.equal(join(root, 'h'))
    expect(resolveHome({HOME: '/nonexistent'})).to.match(/\.agora$/)
  })

  it('creates the home 0700 and repairs an existing open directory', () => {
    const home = join(root, 'a', 'b')
    ensureHome(home)
    expect(mode(home)).to.equal(0o700)
    const loose = join(root, 'loose')
    mkdirSync(loose, {mode: 0o755})
    chmodSync(loose, 0o755)
    ensureHome(loose)
    expect(mode(loose)).to.equal(0o700)
  })

  it('writes a file 0600 in a 0700 parent and leaves no temp file behind', () => {
    const path = join(root, 'deep', 'secret.json')
    writeSecureFile(path, '{"a":1}')
    expect(mode(path)).to.equal(0o600)
    expect(mode(join(root, 'deep'))).to.equal(0o700)
    expect(readFileSync(path, 'utf8')).to.equal('{"a":1}')
    expect(readdirSync(join(root, 'deep'))).to.deep.equal(['secret.json'])
  })

  it('tightens a previously world-readable file when it is rewritten', () => {
    const path = join(root, 'old.json')
    writeFileSync(path, '{}', {mode: 0o644})
    chmodSync(path, 0o644)
    writeSecureFile(path, '{"b":2}')
    expect(mode(path)).to.equal(0o600)
  })

  it('refuses a corrupt JSON file with an error naming the file', () => {
    const path = join(root, 'bad.json')
    writeFileSync(path, '{not json')
    expect(() => readJsonObject(path, 'thing')).to.throw(path)
    writeFileSync(path, '[1,2]')
    expect(() => readJsonObject(path, 'thing')).to.throw(/JSON object/)
    expect(readJsonObject(join(root, 'absent.json'), 'thing')).to.equal(undefined)
  })
})
