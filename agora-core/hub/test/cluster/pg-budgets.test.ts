import {expect} from 'chai'
import {Budgets} from '../../src/services/kernel/budgets.js'
import type {BudgetBook, PostSpend} from '../../src/services/kernel/budget-book.js'
import {PgBudgets} from '../../src/cluster/pg-budgets.js'
import {openPostgres} from '../../src/db/open-pg.js'
import type {OpenedPg} from '../../src/db/open-pg.js'
import {freshDatabase} from '../helpers/pg-cluster.js'
import {the} from '../../../../test/helpers/present.js'

const plain: PostSpend = {critical: false, operator: false, urgency: 'inbox'}
const write = {perMinute: 120, burst: 40}

/** Spend posts (round robin over the books) until one is refused; the count granted. */
async function drain(books: BudgetBook[], agent: string): Promise<number> {
  for (let n = 0; n < 100; n++) {
    // A plain post's token may be left to its write (PostgreSQL: taken by the append); take it as the write would.
    const refused = await the(books, n % books.length).spendPost(agent, plain).then(g => g.deferred?.take()).then(() => null, (e: Error & {status?: number}) => e)
    if (refused) {
      expect(refused.status).to.equal(429)
      return n
    }
  }
  return -1
}

describe('budgets shared through PostgreSQL match the in-memory ones', () => {
  let db: OpenedPg
  let clock = 1_000_000
  const now = (): number => clock
  const books = (): BudgetBook[] => [new Budgets(60, now, write), new PgBudgets(db.storage(), 60, now, write)]
  before(async () => { db = await openPostgres(await freshDatabase('budgets')) })
  after(() => db.close())

  it('refuses the 21st post of a burst with 429 in memory, on PostgreSQL, and across two processes sharing it', async () => {
    for (const b of books()) expect(await drain([b], 'alice')).to.equal(Budgets.BURST)
    const other = await openPostgres(db.url)
    try {
      const two = [new PgBudgets(db.storage(), 60, now, write), new PgBudgets(other.storage(), 60, now, write)]
      expect(await drain(two, 'bob')).to.equal(Budgets.BURST)
      clock += 2 // 60/min refills one token per second
      expect(await drain(two, 'bob')).to.equal(2)
    } finally { await other.close() }
  })

  it('downgrades the 7th interrupt of the hour, refuses a critical from a non-operator with 403 and the 6th critical with 429', async () => {
    for (const b of books()) {
      const grants = []
      for (let i = 0; i < 7; i++) grants.push(await b.spendPost('carol', {...plain, urgency: 'interrupt'}))
      expect(grants.map(g => g.urgency)).to.deep.equal([...Array(6).fill('interrupt'), 'next_turn'])
      expect(the(grants, 6).downgraded).to.equal(true)
      expect((await b.spendPost('carol', {...plain, critical: true}).catch((e: {status: number}) => e) as {status: number}).status).to.equal(403)
      for (let i = 0; i < 5; i++) await b.spendPost('olga', {...plain, critical: true, operator: true})
      const sixth = await b.spendPost('olga', {...plain, critical: true, operator: true}).catch((e: Error & {status: number}) => e) as Error & {status: number}
      expect(sixth.status).to.equal(429)
      expect(sixth.message).to.match(/critical budget exhausted \(5 per hour\); retry in 3600s/)
      clock += 3601
    }
  })

  it('gives a write token back when the write is refused, and a post\'s spend back on refundPost', async () => {
    for (const b of books()) {
      for (let i = 0; i < write.burst - 1; i++) await b.spendWrite('dave', async () => i)
      await b.spendWrite('dave', async () => { throw new Error('refused') }).catch(() => undefined)
      expect(await b.spendWrite('dave', async () => 'last')).to.equal('last')
      expect(await b.spendWrite('dave', async () => 'over').catch((e: {status: number}) => e.status)).to.equal(429)
      const spend: PostSpend = {...plain, urgency: 'interrupt'}
      const grant = await b.spendPost('erin', spend)
      await b.refundPost('erin', spend, grant)
      expect(await drain([b], 'erin')).to.equal(Budgets.BURST)
      clock += 3601
      // One post spent; then a refused plain post: its spend comes back in memory, and on PostgreSQL (its
      // token left to a write that never happened) nothing was spent and nothing is given back.
      await (await b.spendPost('fay', plain)).deferred?.take()
      const refused = await b.spendPost('fay', plain)
      await b.refundPost('fay', plain, refused)
      expect(await drain([b], 'fay')).to.equal(Budgets.BURST - 1)
      clock += 3601
    }
  })
})
