import {expect} from 'chai'
import {openStorage} from '../../../../src/db/open-storage.js'
import type {OpenedStorage} from '../../../../src/db/open-storage.js'
import {createCtx, pauses} from '../../../../src/services/kernel/index.js'
import type {Ctx} from '../../../../src/services/kernel/index.js'
import {channelMeta, putValue} from '../../../../src/services/store/index.js'
import {imposeBlock, liftBlock} from '../../../../src/services/governance/index.js'
import {TestHub} from '../../../helpers/hub.js'

// Channel meta and pauses are read once and kept beside the mirrors; a change drops them and bumps
// Cache.generation (here, or by NOTIFY from another process). A read that was under way when that happened
// holds what the change replaced: it must not be kept, or every later answer (and the answer memo) would use it.
describe('reads kept beside the mirrors (channel meta, pauses, hub blocks) and the mirrors\' generation', () => {
  let h: TestHub
  let ctx: Ctx
  let opened: OpenedStorage
  beforeEach(async () => {
    h = await TestHub.start()
    opened = await openStorage(h.dbPath)
    ctx = createCtx({db: h.dbPath, host: '127.0.0.1', port: 0, adminKey: 'unused', ratePerMinute: 60, writeRatePerMinute: 60,
      writeBurst: 10, toCloseMinAge: 300, notifyDir: null, voteSweepMs: 3_600_000, darkSweepMs: 3_600_000, now: () => Date.now() / 1000}, opened.storage)
    await ctx.cache.load()
  })
  afterEach(async () => {
    await opened.close()
    await h.close()
  })

  it('keeps no channel meta read while the generation moved, and keeps the next one', async () => {
    const reading = channelMeta(ctx, 'room')
    ctx.cache.touch()
    expect(await reading).to.deep.equal({})
    expect(ctx.metaCache.has('room')).to.equal(false)
    await channelMeta(ctx, 'room')
    expect(ctx.metaCache.has('room')).to.equal(true)
  })

  it('keeps no pause list read while the generation moved, and keeps the next one', async () => {
    const reading = pauses(ctx)
    ctx.cache.touch()
    expect(await reading).to.deep.equal([])
    expect(ctx.pauseCache).to.equal(null)
    await pauses(ctx)
    expect(ctx.pauseCache).to.deep.equal([])
  })

  it('drops a room\'s meta and bumps the generation once its write committed', async () => {
    const owner = await h.register('owner')
    await h.channel(owner, 'room', [])
    await ctx.cache.load()
    await channelMeta(ctx, 'room')
    const generation = ctx.cache.generation
    await ctx.db.tx(async () => {
      await putValue(ctx, {channel: 'room', key: 'channel:meta', value: {response_sla_minutes: 5}, actor: 'owner', operator: false, channelAdmin: true})
      // Not yet committed: a read now would see the old row, and would not be kept past the commit.
      expect(ctx.cache.generation).to.equal(generation)
    })
    expect(ctx.cache.generation).to.be.greaterThan(generation)
    expect(ctx.metaCache.has('room')).to.equal(false)
    expect(await channelMeta(ctx, 'room')).to.deep.include({response_sla_minutes: 5})
  })

  it('bumps the generation when a hub block is imposed or lifted here (the PostgreSQL mirror of hub blocks changes after the commit)', async () => {
    await h.register('zed')
    await ctx.cache.load()
    const admin = {id: 'admin', operator: true, admin: true, agent: null}
    let generation = ctx.cache.generation
    await imposeBlock(ctx, admin, 'hub', {agent: 'zed', seconds: 60, reason: 'memo test'})
    expect(ctx.cache.generation).to.be.greaterThan(generation)
    generation = ctx.cache.generation
    await liftBlock(ctx, admin, 'hub', 'zed')
    expect(ctx.cache.generation).to.be.greaterThan(generation)
  })
})
