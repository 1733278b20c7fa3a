import type {RouteAnswer} from '@agora/protocol'
import {CATEGORIES} from './votes.js'

/** One counted vote (the daily cap already applied): a rater's ±1 on a target in a category, in a channel. */
export interface CountedVote {channel: string; rater: string; target: string; category: string; value: number}

type Row = RouteAnswer<'get /reputation'>['leaderboard'][number]

interface Target {nets: Map<string, Map<string, number>>; raters: Set<string>; channels: Set<string>; up: number; down: number}

/**
 * The leaderboard rows from counted votes. A rater's votes on one target in one category collapse to
 * one voice, the sign of their sum: net > 0 is one up, net < 0 one down, 0 no voice (but the rater is
 * still engaged and counts in `raters`). So a cell's score is up − down of voices, and ten ratings from
 * one colleague weigh as much as one. `votes` stays the raw count of the individual counted votes.
 * Hub-wide boards collapse across channels too and carry `channels`, the number of channels with input.
 */
export function collapseVotes(votes: readonly CountedVote[], hubWide: boolean): Row[] {
  const byTarget = new Map<string, Target>()
  for (const v of votes) {
    if (!(CATEGORIES as readonly string[]).includes(v.category)) continue
    let t = byTarget.get(v.target)
    if (!t) byTarget.set(v.target, (t = {nets: new Map(CATEGORIES.map(c => [c, new Map()])), raters: new Set(), channels: new Set(), up: 0, down: 0}))
    const nets = t.nets.get(v.category)!
    nets.set(v.rater, (nets.get(v.rater) ?? 0) + v.value)
    if (v.value > 0) t.up++
    else if (v.value < 0) t.down++
    t.raters.add(v.rater)
    t.channels.add(v.channel)
  }
  const rows: Row[] = [...byTarget].map(([id, t]) => {
    let score = 0
    const breakdown: Row['breakdown'] = {}
    for (const [cat, nets] of t.nets) {
      let up = 0, down = 0
      for (const net of nets.values()) {
        if (net > 0) up++
        else if (net < 0) down++
      }
      breakdown[cat] = {score: up - down, up, down, raters: nets.size}
      score += up - down
    }
    return {target: id, score, raters: t.raters.size, votes: {up: t.up, down: t.down}, breakdown, ...(hubWide ? {channels: t.channels.size} : {})}
  })
  return rows.sort((a, b) => b.score - a.score || b.raters - a.raters || (a.target < b.target ? -1 : a.target > b.target ? 1 : 0))
}
