import {AgoraClient} from '@agora/client'
import {lookupKey} from '@agora/home'
import {expect} from 'chai'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import Mirror from '../../src/commands/mirror.js'
import {addSeats, operatorHome, runCommand, runFailure, startHub, tempDir} from '../helpers/cli.js'
import type {ClockedHub} from '../helpers/cli.js'
import {the} from '../../../../test/helpers/present.js'

describe('mirror', () => {
  let hub: ClockedHub
  let home: string
  let alice: AgoraClient
  let bob: AgoraClient
  let dir: string
  const args = (...more: string[]): string[] => [dir, '--as', 'alice', '--home', home, ...more]

  before(async () => {
    hub = await startHub()
    home = operatorHome(hub)
    await addSeats(hub.url, home, ['alice', 'bob'])
    alice = new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, 'alice')})
    bob = new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, 'bob')})
    await alice.createChannel('plan', {private: false})
    await bob.joinChannel('plan')
    const q = await alice.postMessage('plan', {title: 'Port?', body: 'Which port?\n~~~ a tilde fence inside ~~~', status: 'open',
      asks: [{id: 'a1', text: 'Which port?', to: ['bob']}]})
    await bob.postMessage('plan', {body: '8765', status: 'reply', reply_to: q.id, answers: ['a1']})
    await alice.fsWrite('plan', 'notes/design.md', {content: '# Design\n'})
    dir = join(tempDir('mirror'), 'out')
  })
  after(async () => hub.hub.close())

  it('writes one section per message with seq, sender, status, title, asks, answers, reply_to and the fenced body, plus the vfs at head', async () => {
    const {result} = await runCommand(Mirror, args())
    const plan = result.channels.find((c) => c.channel === 'plan')!
    const rows = await alice.history('plan')
    expect(plan).to.include({appended: rows.length, files_written: (await alice.fsList('plan')).length, last_seq: the(rows, -1).seq})
    const md = readFileSync(join(dir, 'channels', 'plan.md'), 'utf8')
    expect(md).to.match(/^# plan\n/)
    expect(md.match(/^## #/gm)).to.have.length(rows.length)
    expect(md).to.match(/## #\d+ · alice · open · Port\?/).and.include('- ask a1 (bob): Which port?')
    expect(md).to.match(/## #\d+ · bob · reply/).and.include('- answers: a1').and.match(/- reply_to: [0-9A-Z]{26}/)
    expect(md).to.include('~~~~text\nWhich port?\n~~~ a tilde fence inside ~~~\n~~~~')
    expect(readFileSync(join(dir, 'vfs', 'plan', 'notes', 'design.md'), 'utf8')).to.equal('# Design\n')
    expect(JSON.parse(readFileSync(join(dir, '.agora-mirror.json'), 'utf8')).channels.plan.last_seq).to.be.at.least(2)
  })

  it('appends nothing on a second run, and exactly one section after one new post', async () => {
    const before = readFileSync(join(dir, 'channels', 'plan.md'), 'utf8')
    const again = await runCommand(Mirror, args())
    expect(again.result.appended).to.equal(0)
    expect(again.result.files_written).to.equal(0)
    expect(readFileSync(join(dir, 'channels', 'plan.md'), 'utf8')).to.equal(before)
    await bob.postMessage('plan', {title: 'Done', body: 'shipped', status: 'fyi'})
    const third = await runCommand(Mirror, args())
    expect(third.result.appended).to.equal(1)
    const after = readFileSync(join(dir, 'channels', 'plan.md'), 'utf8')
    expect(after.startsWith(before)).to.equal(true)
    expect(after.slice(before.length).match(/^## #/gm)).to.have.length(1)
    expect(after.slice(before.length)).to.include('· bob · fyi · Done')
  })

  it('rewrites a vfs file when its version moves and removes one deleted at head', async () => {
    await alice.fsWrite('plan', 'notes/design.md', {content: '# Design v2\n'})
    const {result} = await runCommand(Mirror, args('--channels', 'plan'))
    expect(result.channels[0]).to.include({files_written: 1})
    expect(readFileSync(join(dir, 'vfs', 'plan', 'notes', 'design.md'), 'utf8')).to.equal('# Design v2\n')
    await alice.fsDelete('plan', 'notes/design.md')
    const removed = await runCommand(Mirror, args('--channels', 'plan'))
    expect(the(removed.result.channels, 0).files_removed).to.equal(1)
    expect(existsSync(join(dir, 'vfs', 'plan', 'notes', 'design.md'))).to.equal(false)
  })

  it('refuses a channel the seat is not a member of, naming the ones it can mirror', async () => {
    await bob.createChannel('secret')
    const error = await runFailure(Mirror, args('--channels', 'secret'))
    expect(error.message).to.include('not a member of secret').and.include('plan')
  })
})

describe('mirror: store rows', () => {
  let hub: ClockedHub
  let home: string
  let alice: AgoraClient
  let dir: string
  const args = (...more: string[]): string[] => [dir, '--as', 'alice', '--home', home, '--channels', 'build', ...more]
  const storeFile = (): string => readFileSync(join(dir, 'store', 'build.md'), 'utf8')

  before(async () => {
    hub = await startHub()
    home = operatorHome(hub)
    await addSeats(hub.url, home, ['alice', 'bob'])
    alice = new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, 'alice')})
    const bob = new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, 'bob')})
    await alice.createChannel('build', {private: false})
    await bob.joinChannel('build')
    await bob.leaseTake('build', {workspace: 'git:root-abc', paths: ['src/api/**'], ttl_s: 600, note: 'refactor'})
    await alice.storePut('build', 'notes:# Heading', {text: '~~~~\n# injected\n~~~~', n: 2})
    dir = join(tempDir('mirror-store'), 'out')
  })
  after(async () => hub.hub.close())

  it('renders a lease as holder, path, mode and expiry, and every other row as key, version, author and fenced value', async () => {
    const {result, stdout} = await runCommand(Mirror, args())
    expect(result.channels[0]).to.include({leases: 1, store_written: true})
    expect(the(result.channels, 0).store_rows).to.equal((await alice.storeList('build')).length)
    expect(stdout).to.include('(1 lease) rendered')
    const md = storeFile()
    const lease = the((await alice.leaseList('git:root-abc')).leases, 0)
    const until = new Date(lease.expires_at * 1000).toISOString().replace(/\.\d+Z$/, 'Z')
    expect(md).to.include('## Leases (1)').and.include(`- bob holds src/api/\\*\\* (exclusive) until ${until} · workspace git\\:root\\-abc`)
    expect(md).to.include('note refactor')
    expect(md).to.include('### notes\\:\\# Heading\n\n- version: 1\n- by: alice\n')
    expect(md).to.include('~~~~~json\n{"text":"~~~~\\n# injected\\n~~~~","n":2}\n~~~~~')
  })

  it('leaves no line of a value or key that Markdown reads as a heading outside a fence', async () => {
    const md = storeFile()
    const outside = md.split(/^~{5}json\n[\s\S]*?^~{5}$/m).join('')
    expect(outside).to.not.include('# injected')
    expect(outside.match(/^#+ .*/gm)).to.deep.equal(['# build · store', '## Leases (1)', '## Rows (1)', '### notes\\:\\# Heading'])
  })

  it('rewrites nothing on a re-run, and re-renders when a row moves, a lease is taken or one is released', async () => {
    const before = storeFile()
    const again = await runCommand(Mirror, args())
    expect(again.result.channels[0]).to.include({store_written: false})
    expect(again.result.store_files_written).to.equal(0)
    expect(storeFile()).to.equal(before)
    await alice.storePut('build', 'notes:# Heading', {text: 'v2'}, {expectVersion: 1})
    const moved = await runCommand(Mirror, args())
    expect(moved.result.channels[0]).to.include({store_written: true})
    expect(storeFile()).to.include('- version: 2').and.include('{"text":"v2"}').and.not.include('injected')
    await alice.leaseTake('build', {workspace: 'git:root-abc', paths: ['docs/**'], mode: 'shared'})
    const taken = await runCommand(Mirror, args())
    expect(taken.result.channels[0]).to.include({leases: 2, store_written: true})
    expect(storeFile()).to.include('- alice holds docs/\\*\\* (shared) until')
    await alice.leaseRelease('git:root-abc', {paths: ['docs/**']})
    const released = await runCommand(Mirror, args())
    expect(released.result.channels[0]).to.include({leases: 1, store_written: true})
    expect(storeFile()).to.include('## Leases (1)').and.not.include('alice holds')
  })

  it('re-renders a lease released and taken again at v1 with its new expiry', async () => {
    await alice.leaseTake('build', {workspace: 'git:root-abc', paths: ['docs/**'], ttl_s: 60})
    await runCommand(Mirror, args())
    await alice.leaseRelease('git:root-abc', {paths: ['docs/**']})
    hub.advance(5)
    await alice.leaseTake('build', {workspace: 'git:root-abc', paths: ['docs/**'], ttl_s: 3600})
    const retaken = await runCommand(Mirror, args())
    expect(retaken.result.channels[0]).to.include({leases: 2, store_written: true})
    const lease = (await alice.leaseList('git:root-abc')).leases.find((l) => l.holder === 'alice')!
    expect(lease.version).to.equal(1)
    expect(storeFile()).to.include(`(exclusive) until ${new Date(lease.expires_at * 1000).toISOString().replace(/\.\d+Z$/, 'Z')}`)
  })
})
