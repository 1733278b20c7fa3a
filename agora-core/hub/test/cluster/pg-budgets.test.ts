import {expect} from 'chai'
import {Budgets} from '../../src/services/budgets.js'
import {PgBudgets} from '../../src/cluster/pg-budgets.js'
import {openPostgres} from '../../src/db/open-pg.js'
import type {OpenedPg} from '../../src/db/open-pg.js'
import {freshDatabase} from '../helpers/pg-cluster.js'

interface AnyBudgets {
  requirePostingToken(a: string): unknown
  takePostingToken(a: string): unknown
  interruptAvailable(a: string): unknown
  spendInterrupt(a: string): unknown
  criticalWait(a: string): unknown
  spendCritical(a: string): unknown
  requireWriteToken(a: string): unknown
  takeWriteToken(a: string): unknown
}

/** Spend posting tokens until the bucket refuses; the count taken. */
async function drain(take: Array<AnyBudgets>, agent: string): Promise<number> {
  for (let n = 0; n < 100; n++) {
    const b = take[n % take.length]
    const refused = await Promise.resolve().then(() => b.requirePostingToken(agent)).then(() => null, (e: Error & {status?: number}) => e)
    if (refused) {
      expect(refused.status).to.equal(429)
      return n
    }
    await b.takePostingToken(agent)
  }
  return -1
}

describe('budgets shared through PostgreSQL match the in-memory ones', () => {
  let db: OpenedPg
  let clock = 1_000_000
  const now = (): number => clock
  before(async () => { db = await openPostgres(await freshDatabase('budgets')) })
  after(() => db.close())

  it('refuses the 21st post of a burst with 429 in memory, on PostgreSQL, and across two processes sharing it', async () => {
    const write = {perMinute: 120, burst: 40}
    expect(await drain([new Budgets(60, now, write)], 'alice')).to.equal(Budgets.BURST)
    expect(await drain([new PgBudgets(db.storage(), 60, now, write)], 'alice')).to.equal(Budgets.BURST)
    const other = await openPostgres(db.url)
    try {
      const two = [new PgBudgets(db.storage(), 60, now, write), new PgBudgets(other.storage(), 60, now, write)]
      expect(await drain(two, 'bob')).to.equal(Budgets.BURST)
      clock += 2 // 60/min refills one token per second
      expect(await drain(two, 'bob')).to.equal(2)
    } finally { await other.close() }
  })

  it('counts interrupts and criticals per hour the same way', async () => {
    const write = {perMinute: 120, burst: 40}
    for (const b of [new Budgets(60, now, write), new PgBudgets(db.storage(), 60, now, write)] as AnyBudgets[]) {
      for (let i = 0; i < Budgets.INTERRUPTS_PER_HOUR; i++) {
        expect(await b.interruptAvailable('carol')).to.equal(true)
        await b.spendInterrupt('carol')
      }
      expect(await b.interruptAvailable('carol')).to.equal(false)
      for (let i = 0; i < Budgets.CRITICALS_PER_HOUR; i++) await b.spendCritical('carol')
      expect(await b.criticalWait('carol')).to.equal(3600)
    }
    clock += 3601
    expect(await new PgBudgets(db.storage(), 60, now, write).interruptAvailable('carol')).to.equal(true)
  })
})
