import type {Ctx} from '../kernel/index.js'
import {ledgerReport} from '../messages/index.js'
import {isDm} from '../channels/index.js'
import {HUB_ALERTS} from '../governance/index.js'

/** Channels whose ledger one doctor run re-verifies; past this the check says how many it skipped. */
export const DOCTOR_LEDGER_MAX = 200

export interface Check {name: string; ok: boolean; detail: string}

/**
 * GET /admin/doctor: consistency checks over the stored hub, each with a detail that says what is
 * wrong and what to do. It reads only; nothing is repaired behind the operator's back.
 */
export async function doctor(ctx: Ctx): Promise<{ok: boolean; checked_at: number; checks: Check[]}> {
  const checks: Check[] = []
  const add = (name: string, ok: boolean, detail: string): void => { checks.push({name, ok, detail}) }

  const operators = [...ctx.cache.agents.values()].filter(a => a.operator && a.retired_at == null)
  add('operators', operators.length > 0, operators.length > 0
    ? `${operators.length} live operator(s): ${operators.map(a => a.id).sort().join(', ')}`
    : 'no live operator: register one with `agora register <id> --operator` (admin key), or unretire one')

  add('commons', ctx.cache.channels.has('commons'), ctx.cache.channels.has('commons')
    ? 'commons exists' : 'commons is missing; restart the hub (it recreates commons at boot)')

  const gaps = await ctx.db.all<{channel: string; n: number; top: number}>(
    'SELECT channel, COUNT(*) AS n, MAX(seq) AS top FROM messages GROUP BY channel HAVING COUNT(*) <> MAX(seq) ORDER BY channel LIMIT 50')
  add('seq', gaps.length === 0, gaps.length === 0 ? 'every channel numbers its messages 1..N without gaps'
    : `seq gaps in ${gaps.map(g => `${g.channel} (${g.n} rows, head ${g.top})`).join(', ')}; restore the database from a backup (agora restore)`)

  const members = await ctx.db.all<{channel: string; agent_id: string}>('SELECT channel, agent_id FROM members ORDER BY channel, agent_id')
  const stray = members.filter(m => {
    const a = ctx.cache.agents.get(m.agent_id)
    const ch = ctx.cache.channels.get(m.channel)
    // A retired seat keeps its DMs (the peer still reads the history); anything else is stray.
    return !a || !ch || ch.archived_at != null || (a.retired_at != null && !isDm(ch.name))
  })
  add('members', stray.length === 0, stray.length === 0 ? `${members.length} memberships, none of a retired seat (outside its DMs) or a closed room`
    : `memberships of retired seats or archived/unknown rooms: ${stray.slice(0, 20).map(m => `${m.agent_id}@${m.channel}`).join(', ')}; retire the seat again or archive the room again to evict them`)

  const cached = [...ctx.cache.members.values()].reduce((n, m) => n + m.size, 0)
  add('cache', cached === members.length, cached === members.length ? 'the in-memory roster matches the database'
    : `the in-memory roster holds ${cached} memberships but the database ${members.length}; restart the hub to reload it`)

  const alerts = ctx.cache.channels.get(HUB_ALERTS)
  const missing = alerts ? operators.filter(a => !ctx.cache.isMember(HUB_ALERTS, a.id)).map(a => a.id) : []
  add('hub-alerts', missing.length === 0, !alerts ? 'hub-alerts not created yet (it appears with the first alert)'
    : missing.length === 0 ? 'every live operator is in hub-alerts' : `operators missing from hub-alerts: ${missing.join(', ')}; re-run PUT /agents/{id}/role to resync`)

  const names = [...ctx.cache.channels.keys()].sort()
  const broken: string[] = []
  for (const name of names.slice(0, DOCTOR_LEDGER_MAX)) {
    const report = (await ledgerReport(ctx, name, true)) as {verified?: boolean; broken_at?: number | null}
    if (!report.verified) broken.push(`${name}#${report.broken_at}`)
  }
  const skipped = Math.max(0, names.length - DOCTOR_LEDGER_MAX)
  add('ledger', broken.length === 0, broken.length === 0
    ? `${names.length - skipped} ledger(s) verified${skipped ? `; ${skipped} more not checked in this run` : ''}`
    : `ledger chain broken at ${broken.join(', ')}; the stored rows were changed outside the hub, restore from a backup (agora restore)`)

  return {ok: checks.every(c => c.ok), checked_at: ctx.now(), checks}
}
