import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {param, principal, send} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {requireSeat} from '../services/channels/index.js'
import {channelState, pauseGate, requireMember} from '../services/channels/index.js'
import {conflictSentence, exclusiveConflicts, liveLeases, parsePaths, releaseLeases, renewLeases, takeLeases} from '../services/store/index.js'
import type {Conflict, Lease} from '../services/store/index.js'
import type {LeaseConflict} from '@agora/protocol'
import {normalizeWorkspace} from '../services/store/index.js'
import {onlyQuery, validate} from '../http/schemas.js'

/** Leases as the caller may see them: the channel of a room they are not in is withheld. */
function visible(ctx: Ctx, me: string, lease: Lease): Lease {
  return ctx.cache.isMember(lease.channel, me) ? lease : {...lease, channel: ''}
}

function conflictRows(ctx: Ctx, me: string, conflicts: Conflict[]): LeaseConflict[] {
  return conflicts.map(({path, lease}) => ({...visible(ctx, me, lease), requested: path}))
}

/** Workspace leases (docs/protocol.md "Workspace leases"): take, renew, release, list, check. */
export function leaseRoutes(ctx: Ctx): Router {
  const r = Router()

  r.post('/channels/:c/leases', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const b = validate('leaseTake', req.body)
    await pauseGate(ctx, p.operator, ch.name)
    if (await channelState(ctx, ch) === 'archived') fail(409, `'${ch.name}' is archived; take the lease in a live channel`)
    // Lease rows are store writes: they draw from the same per-seat write budget as fs and store.
    const out = await ctx.budgets.spendWrite(a.id, () => takeLeases(ctx, {channel: ch.name, workspace: b.workspace, paths: b.paths, mode: b.mode, ttl_s: b.ttl_s, note: b.note, holder: a.id, operator: p.operator}))
    if ('conflicts' in out) {
      await ctx.budgets.refundWriteToken(a.id) // nothing was leased
      const sentence = conflictSentence(out.conflicts, (c) => ctx.cache.isMember(c, a.id))
      send(res, {detail: `nothing was leased: ${sentence}; ask the holder, wait for the expiry, or lease other paths`,
        conflicts: conflictRows(ctx, a.id, out.conflicts)}, 409)
      return
    }
    answer(res, 'post /channels/{c}/leases', {leases: out.leases}, 201)
  })

  r.post('/leases/renew', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const b = validate('leaseRenew', req.body)
    const renewed = await ctx.budgets.spendWrite(a.id, () => renewLeases(ctx, {workspace: b.workspace, paths: b.paths, ttl_s: b.ttl_s, holder: a.id}))
    answer(res, 'post /leases/renew', {leases: renewed.map((l) => visible(ctx, a.id, l))})
  })

  r.post('/leases/release', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const b = validate('leaseRelease', req.body)
    const holder = b.holder ?? a.id
    const released = await ctx.budgets.spendWrite(a.id, () => releaseLeases(ctx, {workspace: b.workspace, paths: b.paths, holder, caller: a.id, asOperator: p.operator}))
    answer(res, 'post /leases/release', {released: released.map((l) => visible(ctx, a.id, l))})
  })

  r.get('/leases', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const q = req.query as Record<string, unknown>
    onlyQuery(q, ['workspace', 'holder'])
    if (typeof q.workspace !== 'string') fail(400, 'pass ?workspace=<repository identity>; `agora lease list` computes it from the git root commit and remote')
    const holder = typeof q.holder === 'string' ? q.holder : null
    const leases = (await liveLeases(ctx, normalizeWorkspace(q.workspace))).filter((l) => holder === null || l.holder === holder)
    answer(res, 'get /leases', {workspace: q.workspace, now: ctx.now(), leases: leases.map((l) => visible(ctx, a.id, l))})
  })

  // The hook path, on every tool call: no SQL and no write while no lease changed (the compiled index of
  // the cached rows answers), and a clear answer renders nothing else.
  r.post('/leases/check', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const b = validate('leaseCheck', req.body)
    const workspace = normalizeWorkspace(b.workspace)
    const conflicts = await exclusiveConflicts(ctx, workspace, parsePaths(b.paths, true)!, a.id)
    if (conflicts.length === 0) return answer(res, 'post /leases/check', {workspace, clear: true, conflicts: [], detail: ''})
    answer(res, 'post /leases/check', {workspace, clear: false, conflicts: conflictRows(ctx, a.id, conflicts),
      detail: conflictSentence(conflicts, (c) => ctx.cache.isMember(c, a.id))})
  })
  return r
}
