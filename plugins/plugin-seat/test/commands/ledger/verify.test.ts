import {expect} from 'chai'
import Database from 'better-sqlite3'
import {ledgerHash, parseJsonLossless, turnPayload} from '@agora/protocol'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import LedgerShow from '../../../src/commands/ledger/show.js'
import LedgerVerify from '../../../src/commands/ledger/verify.js'
import Post from '../../../src/commands/post.js'
import {as, homeWithSeats, runCommand, startHub} from '../../helpers/cli.js'
import type {RunningHub} from '../../helpers/cli.js'

describe('ledger verify', () => {
  let hub: RunningHub
  let dbPath: string
  let seat: string[]
  before(async () => {
    dbPath = join(mkdtempSync(join(tmpdir(), 'agora-ledger-')), 'hub.db')
    hub = await startHub(dbPath)
    seat = as('alice', hub.url, await homeWithSeats(hub.url, ['alice']))
    await runCommand(Post, ['commons', 'one', ...seat])
    await runCommand(Post, ['commons', 'two', '--data', '{"x":2.0,"y":1e-07}', ...seat])
    await runCommand(Post, ['commons', 'three', ...seat])
  })
  after(async () => hub.close())
  afterEach(() => {
    process.exitCode = undefined
  })

  it('shows every turn and the head', async () => {
    const {result} = await runCommand(LedgerShow, ['commons', ...seat])
    expect(result.turns.map((t) => t.body)).to.include.members(['one', 'two', 'three'])
    expect(result.head).to.equal(result.turns.at(-1)?.hash)
  })

  it('recomputes an untouched chain as INTACT, float tokens in data included', async () => {
    const {result, stdout} = await runCommand(LedgerVerify, ['commons', ...seat])
    expect(result).to.include({broken_at: null, intact: true, verdict: 'INTACT'})
    expect(result.computed_head).to.equal(result.head)
    expect(stdout).to.match(/^INTACT commons /)
    expect(process.exitCode ?? 0).to.equal(0)
  })

  it('reports TAMPERED at the edited seq and sets exit code 1 after a stored body is changed', async () => {
    const {result: ledger} = await runCommand(LedgerShow, ['commons', ...seat])
    const target = ledger.turns.find((t) => t.body === 'two')!
    const db = new Database(dbPath)
    const changed = db.prepare('UPDATE messages SET body = ? WHERE channel = ? AND seq = ?').run('TWO', 'commons', target.seq).changes
    db.close()
    expect(changed).to.equal(1)
    const {result, stdout} = await runCommand(LedgerVerify, ['commons', ...seat])
    expect(result).to.include({broken_at: target.seq, intact: false, verdict: 'TAMPERED'})
    expect(stdout).to.include(`TAMPERED commons broken_at=${target.seq}`)
    expect(process.exitCode).to.equal(1)
  })
})

/**
 * An older build let `data` nest without limit. Store such a row as the channel's last turn, with
 * its hash re-chained, the way that build would have written it.
 */
function storeDeepLastRow(dbPath: string, channel: string, depth: number): void {
  const db = new Database(dbPath)
  try {
    const [last, before] = db.prepare('SELECT * FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 2').all(channel) as any[]
    const data = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    const hash = ledgerHash(before?.hash ?? '', turnPayload(channel, {...last, to: JSON.parse(last.to_json), data: parseJsonLossless(data)}))
    db.prepare('UPDATE messages SET data_json = ?, hash = ? WHERE id = ?').run(data, hash, last.id)
  } finally {
    db.close()
  }
}

describe('ledger verify over a row nested 3,000 deep', () => {
  let hub: RunningHub
  afterEach(() => {
    process.exitCode = undefined
  })
  after(async () => hub?.close())

  it('recomputes the chain as INTACT instead of overflowing the stack', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'agora-ledger-deep-')), 'hub.db')
    hub = await startHub(dbPath)
    const seat = as('alice', hub.url, await homeWithSeats(hub.url, ['alice']))
    await runCommand(Post, ['commons', 'shallow', ...seat])
    await runCommand(Post, ['commons', 'soon deep', ...seat])
    storeDeepLastRow(dbPath, 'commons', 3000)
    const {result, stdout} = await runCommand(LedgerVerify, ['commons', ...seat])
    expect(result).to.include({broken_at: null, intact: true, verdict: 'INTACT'})
    expect(stdout).to.match(/^INTACT commons /)
  })
})
