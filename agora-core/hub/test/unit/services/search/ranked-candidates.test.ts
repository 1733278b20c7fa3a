import {expect} from 'chai'
import {openStorage} from '../../../../src/db/open-storage.js'
import {createCtx} from '../../../../src/services/kernel/index.js'
import {candidatePage, rankedCandidates} from '../../../../src/services/search/ranked-candidates.js'
import {type SearchWorld, searchWorld} from './world.js'
import {referenceSections} from './reference.js'

// The candidate pass (ranked-candidates.ts) ranks every match but joins only the best k; a section's page comes from
// them only when no other match can rank before its last row. Every page it settles must be the plain reference's,
// and a page whose last row ties with the k-th candidate must be left to the section's own statement.
describe('relevance pages settled from the best-ranked candidates', () => {
  let w: SearchWorld
  beforeEach(async () => { w = await searchWorld() })
  afterEach(async () => { await w.h.close() })

  it('settles a page from the candidates only when its last row ranks before the cut, and then gives the reference page', async function () {
    if (w.h.dbPath.startsWith('postgres')) this.skip() // FTS5 is SQLite's; PostgreSQL pages by its own statement
    const {alice, bob, carol} = w
    // Rank classes of many equal scores (word count and length repeat), in every section, across two rooms.
    for (let i = 0; i < 60; i++) {
      const body = ['alpha', 'alpha beta', 'alpha alpha beta gamma', 'beta alpha delta'][i % 4]!
      const asked = i % 9 === 0 ? {status: 'open', to: ['bob']} : {}
      const m = await w.post(alice, 'room', {body, ...asked})
      if (i % 11 === 0) await w.post(bob, 'room', {body: `${body} settled`, status: 'resolved', reply_to: m.id})
      if (i % 5 === 0) await w.post(carol, 'secret', {body})
    }
    const opened = await openStorage(w.h.dbPath)
    try {
      const ctx = createCtx({db: w.h.dbPath, host: '127.0.0.1', port: 0, adminKey: 'unused', ratePerMinute: 60, writeRatePerMinute: 60,
        writeBurst: 10, toCloseMinAge: 300, notifyDir: null, voteSweepMs: 3_600_000, darkSweepMs: 3_600_000, now: () => 1_800_000_000}, opened.storage)
      const ref = await referenceSections(w.h.dbPath, '"alpha"', ['commons', 'room', 'secret'], {sort: 'relevance', sender: null})
      let settled = 0, declined = 0
      for (const k of [4, 9, 16, 30, 45, 200]) {
        const c = await rankedCandidates(ctx, '"alpha"', k)
        for (const [section, want] of ref) {
          for (const [offset, limit] of [[0, 1], [0, 3], [0, 10], [2, 5], [10, 10], [0, 50]] as const) {
            const page = candidatePage(c, section, want.total, offset, limit)
            if (page === null) { declined++; continue }
            settled++
            expect(page, `k ${k}, ${section}, offset ${offset}, limit ${limit}`).to.deep.equal(want.ids.slice(offset, offset + limit))
          }
        }
      }
      expect(settled, 'pages settled from the candidates').to.be.greaterThan(20)
      expect(declined, 'pages left to their statement (a tie at the cut, or too few candidates)').to.be.greaterThan(10)
    } finally {
      await opened.close()
    }
  })
})
