import {expect} from 'chai'
import {readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {loadCursors, saveCursors} from '../src/cursor-file.js'
import {tempDir} from './helpers/hub.js'

describe('cursor file', () => {
  it('round-trips cursors for one hub and seat, 0600, dropping handled seqs at or below the cursor', () => {
    const path = join(tempDir(), 'agent-alice-cursor.json')
    saveCursors(path, 'http://127.0.0.1:1', 'alice', {room: {acked: 5, handled: [7, 4, 6]}})
    expect(statSync(path).mode & 0o777).to.equal(0o600)
    expect(loadCursors(path, 'http://127.0.0.1:1', 'alice')).to.deep.equal({cursors: {room: {acked: 5, handled: [6, 7]}}})
  })

  it('ignores a file written for another seat or hub and says why', () => {
    const path = join(tempDir(), 'agent-cursor.json')
    saveCursors(path, 'http://127.0.0.1:1', 'alice', {room: {acked: 5, handled: []}})
    const loaded = loadCursors(path, 'http://127.0.0.1:1', 'bob')
    expect(loaded.cursors).to.deep.equal({})
    expect(loaded.mismatch).to.match(/belongs to seat alice on http:\/\/127.0.0.1:1, not bob/)
  })

  it('starts from nothing when the file is absent and names the file when it is corrupt', () => {
    const dir = tempDir()
    expect(loadCursors(join(dir, 'none.json'), 'u', 's')).to.deep.equal({cursors: {}})
    writeFileSync(join(dir, 'bad.json'), '{oops')
    expect(() => loadCursors(join(dir, 'bad.json'), 'u', 's')).to.throw(/bad\.json is not valid JSON.*agent cursor file/)
    expect(readFileSync(join(dir, 'bad.json'), 'utf8')).to.equal('{oops')
  })
})
