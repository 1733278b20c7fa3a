// One fuzz case end to end: the request through World.probe (answered, never 5xx, refusals
// change nothing), then the check that belongs to what was accepted.
import {expect} from 'chai'
import type {Case} from './requests-talk.js'
import {fileReadsBack, messageReadsBack, storeReadsBack} from './readback.js'
import type {World} from './world.js'
import type {Reply} from '../helpers/hub.js'
import {shapeOf} from './gen.js'
import {GROUP_MEMBERS_MAX, JSON_ARRAY_MAX, JSON_DEPTH_MAX} from '../../src/limits.js'

/** Identifiers a hub hands out must not be look-alikes: NFC, and no control, format, surrogate or line-separator characters. */
export function cleanIdentifier(s: unknown): boolean {
  return typeof s === 'string' && s === s.normalize('NFC') && !/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u.test(s) && !/[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))
}

export async function runCase(w: World, c: Case): Promise<Reply> {
  const r = await w.probe(c.req)
  if (r.status >= 300) return r
  const {as, method, path} = c.req
  const b = r.body as Record<string, unknown>
  // Bookkeeping before any check can throw: later cases need the new seat's key and an unpaused hub.
  const agentId = method === 'POST' && (path === '/agents' || path === '/join') ? (b.agent as {id?: unknown} | undefined)?.id : undefined
  if (typeof agentId === 'string' && typeof b.api_key === 'string') w.keys.set(agentId, b.api_key)
  const resumed = method === 'PUT' && path === '/admin/pause' ? await w.send({as: 'admin', method: 'DELETE', path: '/admin/pause'}) : undefined
  // Then the turns this request wrote, so they are counted before another check can throw.
  if (method !== 'GET') await w.newTurnsVerify()
  if (resumed) expect(resumed.status, `resume after an accepted pause: ${resumed.text.slice(0, 200)}`).to.equal(200)
  // limits.ts names the bounds the hub enforces at its door; an accepted body must be within them.
  if (c.req.body !== undefined && method !== 'GET' && !path.includes('/attachments')) {
    const shape = shapeOf(c.req.body.toString('utf8'))
    expect(shape.depth, `accepted a body nested ${shape.depth} levels (the limit is ${JSON_DEPTH_MAX})`).to.be.at.most(JSON_DEPTH_MAX)
    expect(shape.longestArray, `accepted a body with an array of ${shape.longestArray} items (the limit is ${JSON_ARRAY_MAX})`).to.be.at.most(JSON_ARRAY_MAX)
  }
  if (method === 'POST' && path === '/groups') {
    const members = (JSON.parse(c.req.body!.toString('utf8')) as {members?: unknown[]}).members ?? []
    expect(members.length, `accepted a group of ${members.length} members (the limit is ${GROUP_MEMBERS_MAX})`).to.be.at.most(GROUP_MEMBERS_MAX)
  }
  if (c.readback === 'message') await messageReadsBack(w, as, r)
  else if (c.readback === 'store') await storeReadsBack(w, as, path, c.sent ?? 'null', r)
  else if (c.readback === 'file') await fileReadsBack(w, as, path.replace(/\?.*$/, ''), JSON.parse(c.sent ?? '{}'))
  if (agentId !== undefined) expect(cleanIdentifier(agentId), `accepted agent id ${JSON.stringify(agentId)}`).to.equal(true)
  if (method === 'POST' && (path === '/channels' || path === '/groups')) {
    const name = b.name ?? b.channel
    expect(cleanIdentifier(name), `accepted channel name ${JSON.stringify(name)}`).to.equal(true)
  }
  return r
}
