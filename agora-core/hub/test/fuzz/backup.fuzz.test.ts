// After a hostile run, the hub's state is still something an operator can keep: every channel's
// ledger verifies, and `agora backup` (a real CLI subprocess over the live database) writes a
// snapshot that `agora restore` installs and a new hub serves with every ledger verified.
// The run here only sends requests; the per-request properties are the family files' job.
import {expect} from 'chai'
import fc from 'fast-check'
import {execFile} from 'node:child_process'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {agentCase, channelCase, inboxCase, messageCase} from './requests-talk.js'
import {attachmentCase, fsCase, storeCase} from './requests-data.js'
import {governanceCase} from './requests-gov.js'
import {params, World} from './world.js'
import {TestHub} from '../helpers/hub.js'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')

/** `node bin/run.js <args>` with a scratch AGORA_HOME and no AGORA_* from the caller's environment. */
function agora(args: string[]): Promise<{code: number; stdout: string; stderr: string}> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGORA_')))
  env.AGORA_HOME = join(mkdtempSync(join(tmpdir(), 'agora-fuzz-home-')), 'home')
  return new Promise((done) => {
    execFile(process.execPath, ['bin/run.js', ...args], {cwd: REPO, env, timeout: 120_000}, (error, stdout, stderr) => {
      done({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr})
    })
  })
}

describe('fuzz: after a hostile run, ledgers verify and a backup restores', function () {
  this.timeout(300_000)
  let w: World
  let sent = 0
  before(async () => {
    w = await World.start()
    const every = fc.oneof(messageCase, messageCase, channelCase, agentCase, inboxCase, storeCase, fsCase, attachmentCase, governanceCase)
    const {seed, numRuns} = params(300)
    for (const c of fc.sample(every, {seed, numRuns})) {
      await w.send(c.req)
      if (c.req.method === 'PUT' && c.req.path === '/admin/pause') await w.send({as: 'admin', method: 'DELETE', path: '/admin/pause'})
      sent++
    }
  })
  after(async () => { await w?.close() })

  it('leaves every channel ledger verified by the hub, @agora/protocol and the tests\' own verifier', async () => {
    expect(sent).to.be.at.least(1)
    const {checked} = await w.verifyAllLedgers()
    expect(checked).to.be.at.least(3)
  })

  it('backs up with `agora backup`, restores with `agora restore`, and the restored hub verifies every ledger', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-fuzz-backup-'))
    const snap = join(dir, 'snap.db')
    const backup = await agora(['backup', snap, '--db', w.h.dbPath, '--json'])
    expect(backup.code, `agora backup failed:\n${backup.stderr.slice(0, 1500)}${backup.stdout.slice(0, 1500)}`).to.equal(0)
    const result = JSON.parse(backup.stdout) as {verified: boolean; integrity: string; channels: number}
    expect({verified: result.verified, integrity: result.integrity}).to.deep.equal({verified: true, integrity: 'ok'})
    const restoredDb = join(dir, 'restored', 'agora.db')
    const restore = await agora(['restore', snap, '--db', restoredDb, '--json'])
    expect(restore.code, `agora restore failed:\n${restore.stderr.slice(0, 1500)}${restore.stdout.slice(0, 1500)}`).to.equal(0)
    const h = await TestHub.start({db: restoredDb, ratePerMinute: 1_000_000})
    try {
      const restored = World.over(h, w.keys)
      const {checked, unreadable} = await restored.verifyAllLedgers()
      expect(checked + unreadable.length).to.equal(result.channels)
    } finally { await h.close() }
  })
})
