import {expect} from 'chai'
import {openStorage} from '../../../../src/db/open-storage.js'
import type {OpenedStorage} from '../../../../src/db/open-storage.js'
import {createCtx} from '../../../../src/services/kernel/index.js'
import type {Ctx} from '../../../../src/services/kernel/index.js'
import {memoAnswer, notBefore} from '../../../../src/services/obligations/answer-memo.js'
import type {Horizon} from '../../../../src/services/obligations/answer-memo.js'
import {TestHub} from '../../../helpers/hub.js'

const clock = {t: 1_800_000_000}

/** A context on the test hub's database (its own connection, so the hub's writes are another connection's). */
async function ctxOn(h: TestHub): Promise<{ctx: Ctx; opened: OpenedStorage}> {
  const opened = await openStorage(h.dbPath)
  const ctx = createCtx({db: h.dbPath, host: '127.0.0.1', port: 0, adminKey: 'unused', ratePerMinute: 60, writeRatePerMinute: 60,
    writeBurst: 10, toCloseMinAge: 300, notifyDir: null, voteSweepMs: 3_600_000, darkSweepMs: 3_600_000, now: () => clock.t}, opened.storage)
  await ctx.cache.load()
  return {ctx, opened}
}

describe('answer memo (a seat\'s /owed or /inbox kept while nothing it depends on moved)', () => {
  let h: TestHub
  let ctx: Ctx
  let opened: OpenedStorage
  /** How many times the answer was computed; each computation answers its own number. */
  let computed = 0
  let edge: number | null = null
  const compute = async (horizon: Horizon): Promise<Buffer> => {
    computed++
    if (edge !== null) notBefore(horizon, edge)
    return Buffer.from(String(computed))
  }
  const ask = async (viewer = 'alice'): Promise<string> => String(await memoAnswer(ctx, 'test', viewer, compute))
  const sqlite = (): boolean => ctx.db.dialect === 'sqlite'

  beforeEach(async () => {
    h = await TestHub.start({now: () => clock.t})
    ;({ctx, opened} = await ctxOn(h))
    computed = 0
    edge = null
  })
  afterEach(async () => {
    await opened.close()
    await h.close()
  })

  it('answers a repeated question from the memo, per seat', async () => {
    expect(await ask()).to.equal('1')
    expect(await ask()).to.equal('1')
    expect(await ask('bob')).to.equal('2')
    expect(await ask()).to.equal('1')
  })

  it('keeps answering while another connection holds a write open, and computes again once it commits', async () => {
    const other = await openStorage(h.dbPath)
    const db = other.storage(async () => {})
    try {
      await ask()
      await db.tx(async () => {
        await db.run("INSERT INTO meta (key, value) VALUES ('memo-open', '1')")
        expect(await ask()).to.equal('1')
        expect(await ask()).to.equal('1')
      })
      expect(await ask()).to.equal('2')
      // A rolled-back write moves the stamp too (on PostgreSQL its transaction had an id, and it ended).
      await db.tx(async () => {
        await db.run("INSERT INTO meta (key, value) VALUES ('memo-rolled-back', '1')")
        throw new Error('roll back')
      }).catch(() => undefined)
      expect(await ask()).to.equal(sqlite() ? '2' : '3')
    } finally {
      await other.close()
    }
  })

  it('computes again after a write on its own connection, or a commit on another one', async () => {
    await ask()
    await ctx.db.run("INSERT INTO meta (key, value) VALUES ('memo-test', '1')")
    expect(await ask()).to.equal('2')
    await h.register('someone')
    expect(await ask()).to.equal('3')
    expect(await ask()).to.equal('3')
  })

  it('computes again after a mirror changes with no row written (an in-memory update landing after its commit)', async () => {
    await h.register('alice')
    await ctx.cache.load()
    await ask()
    const a = ctx.cache.agents.get('alice')!
    a.operator = !a.operator
    ctx.cache.touch()
    expect(await ask()).to.equal('2')
    ctx.cache.addGrant({agent_id: a.id, powers: '["reporting"]', granted_at: clock.t, expires_at: clock.t + 3600, note: '', scope: '*', revoked_at: null})
    expect(await ask()).to.equal('3')
  })

  it('keeps no answer when the data moved while it was computed', async () => {
    const racing = async (horizon: Horizon): Promise<Buffer> => {
      await ctx.db.run("INSERT INTO meta (key, value) VALUES ('memo-race', '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value || 'x'")
      return compute(horizon)
    }
    await memoAnswer(ctx, 'test', 'alice', racing)
    expect(await ask()).to.equal('2')
    const moving = async (horizon: Horizon): Promise<Buffer> => { ctx.cache.touch(); return compute(horizon) }
    await memoAnswer(ctx, 'test', 'carol', moving)
    expect(await ask('carol')).to.equal('4')
  })

  it('computes again once the hub clock reaches an edge the computation reported, a grant\'s or a block\'s expiry', async () => {
    edge = clock.t + 60
    await ask()
    clock.t += 59.9
    expect(await ask()).to.equal('1')
    clock.t += 0.1
    expect(await ask()).to.equal('2')
    edge = null
    ctx.cache.addGrant({agent_id: 'alice', powers: '["reporting"]', granted_at: clock.t, expires_at: clock.t + 30, note: '', scope: '*', revoked_at: null})
    expect(await ask()).to.equal('3')
    clock.t += 29
    expect(await ask()).to.equal('3')
    clock.t += 1
    expect(await ask()).to.equal('4')
    await ctx.db.run(`INSERT INTO blocks (scope, agent_id, imposed_by, imposed_at, expires_at, reason) VALUES ('hub', 'zed', 'op', ?, ?, '')`, clock.t, clock.t + 20)
    expect(await ask()).to.equal('5')
    clock.t += 19
    expect(await ask()).to.equal('5')
    clock.t += 1
    expect(await ask()).to.equal('6')
  })

  it('never serves an answer computed at a later hub time than the question\'s', async () => {
    await ask()
    clock.t -= 5
    expect(await ask()).to.equal('2')
    clock.t += 5
  })

  it('computes inside a transaction without keeping the answer', async () => {
    await ctx.db.tx(async () => {
      expect(await ask()).to.equal('1')
      expect(await ask()).to.equal('2')
    })
    expect(await ask()).to.equal('3')
  })
})
