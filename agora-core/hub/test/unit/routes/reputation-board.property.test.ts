import {expect} from 'chai'
import fc from 'fast-check'
import {type Caller, TestHub} from '../../helpers/hub.js'
import {the} from '../../../../../test/helpers/present.js'

const CATEGORIES = ['general', 'trust', 'wisdom', 'thorough', 'helper']
const AXES = ['trust', 'wisdom', 'thorough', 'helper']
const DAY = 86_400

interface Cell {score: number; up: number; down: number; raters: number}
interface Row {target: string; score: number; raters: number; votes: {up: number; down: number}; breakdown: Record<string, Cell>; channels?: number}

/**
 * One generated write: a rater rates one of two messages of the target, or votes on an axis; value 0
 * withdraws. Two targets and rating-heavy picks make a rater's several votes on one target collide often.
 */
const op = fc.record({rater: fc.nat(3), target: fc.nat(1), on: fc.constantFrom('m0', 'm1', 'm0', 'm1', ...AXES), value: fc.constantFrom(1, -1, 1, -1, 0)})

/** The invariants every row holds whatever the votes: each cell's score is up − down, the row's score their sum. */
function holdsInvariants(rows: Row[]): void {
  for (const r of rows) {
    expect(Object.keys(r.breakdown)).to.deep.equal(CATEGORIES)
    for (const [cat, c] of Object.entries(r.breakdown)) {
      expect(c.score, `${r.target} ${cat}`).to.equal(c.up - c.down)
      expect(c.up + c.down, `${r.target} ${cat}: voices never outnumber raters`).to.be.at.most(c.raters)
      expect(c.raters).to.be.at.most(r.raters)
    }
    expect(r.score, r.target).to.equal(Object.values(r.breakdown).reduce((s, c) => s + c.score, 0))
    expect(r.votes.up + r.votes.down, `${r.target}: every engaged rater cast a vote`).to.be.at.least(r.raters)
  }
}

/** The board a plain reading of the rule gives for standing votes keyed rater|target|category|message. */
function expectedBoard(standing: Map<string, number>): Row[] {
  const byTarget = new Map<string, Map<string, Map<string, number>>>()
  const raw = new Map<string, {up: number; down: number}>()
  for (const [key, value] of standing) {
    const [rater = '', target = '', category = ''] = key.split('|')
    const cats = byTarget.get(target) ?? new Map<string, Map<string, number>>()
    byTarget.set(target, cats)
    const nets = cats.get(category) ?? new Map<string, number>()
    cats.set(category, nets)
    nets.set(rater, (nets.get(rater) ?? 0) + value)
    const v = raw.get(target) ?? {up: 0, down: 0}
    raw.set(target, v)
    if (value > 0) v.up++
    else v.down++
  }
  const rows: Row[] = []
  for (const [target, cats] of byTarget) {
    const breakdown: Record<string, Cell> = {}
    const raters = new Set<string>()
    for (const cat of CATEGORIES) {
      const nets = [...(cats.get(cat) ?? new Map<string, number>())]
      for (const [rater] of nets) raters.add(rater)
      const up = nets.filter(([, n]) => n > 0).length
      const down = nets.filter(([, n]) => n < 0).length
      breakdown[cat] = {score: up - down, up, down, raters: nets.length}
    }
    const score = Object.values(breakdown).reduce((s, c) => s + c.score, 0)
    rows.push({target, score, raters: raters.size, votes: raw.get(target) ?? {up: 0, down: 0}, breakdown})
  }
  return rows.sort((a, b) => b.score - a.score || b.raters - a.raters || (a.target < b.target ? -1 : 1))
}

describe('reputation leaderboard properties', function () {
  this.timeout(240_000)
  let h: TestHub
  let seats: Caller[]
  let clock = 1_800_000_000
  let run = 0

  before(async () => {
    h = await TestHub.start({now: () => clock})
    seats = []
    for (const id of ['ann', 'ben', 'cat', 'dan']) seats.push(await h.register(id))
  })
  after(async () => { await h?.close() })

  it('serves score = up − down per category and score = the sum of categories for generated vote sets, as the rule computes them', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, {minLength: 4, maxLength: 24}), async (ops) => {
      clock += DAY // a fresh UTC day and a refilled rating budget: earlier runs never touch this one's cap
      const room = `p${++run}`
      await h.channel(the(seats, 0), room, seats.slice(1))
      const msgs = new Map<string, string>()
      for (const s of seats) for (const m of ['m0', 'm1']) {
        clock += 1
        msgs.set(`${s.id}|${m}`, (await s.postMessage(room, {body: `${s.id} ${m}`})).id)
      }
      const standing = new Map<string, number>()
      for (const o of ops) {
        const rater = the(seats, o.rater)
        const target = the(seats, o.target === o.rater ? (o.target + 1) % 4 : o.target)
        const isRating = o.on === 'm0' || o.on === 'm1'
        const key = `${rater.id}|${target.id}|${isRating ? 'general' : o.on}|${isRating ? o.on : ''}`
        const path = isRating ? `/channels/${room}/messages/${msgs.get(`${target.id}|${o.on}`)}/rating` : `/channels/${room}/reputation/${target.id}`
        if (o.value === 0) {
          await rater.ok('DELETE', isRating ? path : `${path}?axis=${o.on}`)
          standing.delete(key)
        } else {
          await rater.ok('PUT', path, isRating ? {value: o.value} : {axis: o.on, value: o.value})
          standing.set(key, o.value)
        }
      }
      const board: Row[] = (await the(seats, 0).ok('GET', `/channels/${room}/reputation`)).leaderboard
      holdsInvariants(board)
      expect(board).to.deep.equal(expectedBoard(standing))
      const hubWide: Row[] = (await the(seats, 0).ok('GET', '/reputation')).leaderboard
      holdsInvariants(hubWide)
      for (const r of hubWide) expect(r.channels, r.target).to.be.within(1, run)
    }), {numRuns: 30})
  })
})
