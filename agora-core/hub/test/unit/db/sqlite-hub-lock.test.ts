// One hub per SQLite file (src/db/sqlite-hub-lock.ts): real hubs on real files, one of them in a child process.
import {expect} from 'chai'
import {mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createHub} from '../../../src/index.js'
import type {Hub} from '../../../src/index.js'
import {ADMIN_KEY} from '../../helpers/hub.js'
import {spawnHub} from '../../helpers/hub-process.js'

async function refusal(p: Promise<unknown>): Promise<string> {
  try { await p } catch (err) { return (err as Error).message }
  throw new Error('the second hub started')
}

describe('one hub per SQLite file', function () {
  this.timeout(60_000)
  let dir: string
  const hubs: Hub[] = []
  const open = (db: string) => createHub({db, host: '127.0.0.1', port: 0, adminKey: ADMIN_KEY}).then(h => { hubs.push(h); return h })
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'agora-hub-lock-')) })
  afterEach(async () => {
    for (const h of hubs.splice(0)) await h.close()
    rmSync(dir, {recursive: true, force: true})
  })

  it('refuses a second hub on a file another hub serves, naming the file and what to do, and changes nothing', async () => {
    const db = join(dir, 'agora.db')
    const first = await open(db)
    const before = readdirSync(dir).sort()
    const message = await refusal(open(db))
    expect(message).to.equal(`another agora hub is already serving ${db} (it holds ${db}.hub-lock); stop that hub first, or serve another file with --db`)
    expect(readdirSync(dir).sort()).to.deep.equal(before)
    expect((await fetch(`${first.url}/healthz`)).status).to.equal(200)
  })

  it('keeps its lock file private (0600) and writes nothing else beside the database', async () => {
    const db = join(dir, 'agora.db')
    await open(db)
    expect(statSync(`${db}.hub-lock`).mode & 0o777).to.equal(0o600)
    expect(readdirSync(dir).filter(f => f.startsWith('agora.db.hub-lock'))).to.deep.equal(['agora.db.hub-lock'])
  })

  it('lets the next hub serve the file once the first has closed', async () => {
    const db = join(dir, 'agora.db')
    const first = await open(db)
    await first.close()
    hubs.splice(0)
    const second = await open(db)
    expect((await fetch(`${second.url}/healthz`)).status).to.equal(200)
  })

  it('lets the next hub serve the file at once after the hub serving it was killed -9', async () => {
    const db = join(dir, 'agora.db')
    const child = await spawnHub({db, adminKey: ADMIN_KEY})
    expect(await refusal(open(db))).to.match(/another agora hub is already serving/)
    await child.kill9()
    const next = await open(db)
    expect((await fetch(`${next.url}/healthz`)).status).to.equal(200)
  })

  it('takes no lock for an in-memory hub', async () => {
    const [a, b] = [await open(':memory:'), await open(':memory:')]
    expect([(await fetch(`${a.url}/healthz`)).status, (await fetch(`${b.url}/healthz`)).status]).to.deep.equal([200, 200])
  })
})
