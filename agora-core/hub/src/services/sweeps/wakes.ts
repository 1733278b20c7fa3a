import type {Pass} from './pass.js'
import {walkSeats} from './walk.js'
import {RECEPTION_WINDOW} from '../presence/index.js'
import {debtAge} from '../obligations/index.js'
import {slaMinutes} from '../store/index.js'
import {getMessage, readSet} from '../messages/index.js'
import {reemitWake} from '../push/index.js'

/** The escalation bands: a debt's wake is re-emitted as its age crosses 1×, 2× and 4× its channel's SLA. */
export const WAKE_BANDS = [1, 2, 4]
/** An unread debt on an armed seat gets one more wake this many seconds after it was posted. */
export const DROPPED_WAKE_AFTER = 30

/** Per seat and debt: the highest band re-emitted, and whether the dropped-wake re-emit happened. */
type WakeRecord = Record<string, {band: number; dropped: boolean}>

function band(age: number, slaSeconds: number): number {
  let b = 0
  WAKE_BANDS.forEach((k, i) => { if (age > k * slaSeconds) b = i + 1 })
  return b
}

/**
 * Escalation re-wake and dropped-wake re-emit in one walk: both re-send a debt's notify line to the
 * one seat that owes it, so a file-tailing listener sees the `escalated` flag or a wake it missed.
 * Returns `<seat>:<message id>:<reason>` for every re-emit.
 */
export async function sweepWakes(pass: Pass): Promise<string[]> {
  const out: string[] = []
  const {ctx} = pass
  await walkSeats(pass, 'wakes', async agent => {
    const guard = `wake:${agent}`
    const before = pass.guards.get<WakeRecord>(guard) ?? {}
    const rows = await pass.toAnswer(agent)
    if (rows.length === 0) {
      await pass.guards.delete(guard)
      return
    }
    const reception = ctx.presence.receptionAt(agent)
    const armed = reception != null && pass.now - reception <= RECEPTION_WINDOW
    const read = armed ? await readSet(ctx, agent, rows.map(r => r.id)) : new Set<string>()
    const next: WakeRecord = {}
    for (const r of rows) {
      const rec = {...(before[r.id] ?? {band: 0, dropped: false})}
      const age = await debtAge(ctx, r.created_at, pass.now)
      const b = band(age, await slaMinutes(ctx, r.channel) * 60)
      let reason: string | null = null
      if (b > rec.band) {
        reason = `band${WAKE_BANDS[b - 1]}x`
        rec.band = b
      }
      if (armed && !rec.dropped && !read.has(r.id) && age >= DROPPED_WAKE_AFTER) {
        reason ??= 'dropped'
        rec.dropped = true
      }
      next[r.id] = rec
      if (!reason) continue
      const m = await getMessage(ctx, r.id)
      // After the sweep's commit and outside its transaction: the wake line is built by the notify chain, later.
      if (m) ctx.db.defer(() => { reemitWake(ctx, agent, m) })
      out.push(`${agent}:${r.id}:${reason}`)
    }
    await pass.guards.set(guard, next)
  })
  return out
}
