import {existsSync, mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'

// Notify files: one line per message for every member except the sender, written
// from the viewer's envelope, in a 0700 directory with 0600 files (the security rule for files
// a turn can see).
describe('notify files', () => {
  let dir: string
  let h: TestHub
  beforeEach(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'agora-notify-test-')), 'notify')
    h = await TestHub.start({notifyDir: dir})
  })
  afterEach(async () => {
    await h.close()
    rmSync(join(dir, '..'), {recursive: true, force: true})
  })

  it('writes one line per message to every member but the sender, 0600 files in a 0700 directory', async () => {
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
    const q = await alice.postMessage('room', {body: 'bob, deploy?', title: 'deploy', status: 'open', to: ['bob']})
    const file = join(dir, 'bob-inbox.log')
    const deadline = Date.now() + 5000
    const lineFor = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((l) => l.id === q.id) : undefined)
    while (!lineFor() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    const line = lineFor()
    expect(line, 'bob has a notify line for the open').to.be.an('object')
    expect(Object.keys(line).slice(0, 9)).to.deep.equal(['channel', 'seq', 'sender', 'id', 'kind', 'status', 'title', 'retracted', 'flags'])
    expect(line).to.include({channel: 'room', seq: q.seq, sender: 'alice', status: 'open', title: 'deploy', retracted: false})
    expect(line.flags.split(',')).to.include.members(['to-me', 'addressed', 'open'])
    expect(line.preview).to.equal('bob, deploy?')
    expect(line).not.to.have.property('from')
    const aliceFile = join(dir, 'alice-inbox.log')
    const aliceLines = existsSync(aliceFile) ? readFileSync(aliceFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []
    expect(aliceLines.filter((l) => l.id === q.id), 'the sender gets no line').to.deep.equal([])
    expect(statSync(dir).mode & 0o777).to.equal(0o700)
    expect(statSync(file).mode & 0o777).to.equal(0o600)
    expect(readFileSync(file, 'utf8')).to.include('"channel": "room"')
  })
})
