import {ackRulings, fetchBoard, fetchDesk, fetchRulings, fetchSuperviseAll, fetchSuperviseRoom, fetchWorkItem} from '@agora/client'
import type {LiveWorkRow} from '@agora/client'
import {z} from 'zod'

import {fenced} from '../fence.js'
import type {Fence} from '../fence.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'


type RowLine = Pick<LiveWorkRow, 'key' | 'holder' | 'status' | 'idle_s' | 'stale' | 'needs_from'> & {channel?: string; kind?: string}

function rowLine(f: Fence, r: RowLine): string {
  const flags = [r.stale ? 'STALE' : '', r.needs_from.length ? `needs ${r.needs_from.join(',')}` : ''].filter(Boolean).join(' ')
  return `#${r.channel ?? ''} ${r.key} ${r.kind ?? ''} holder=${r.holder ?? '-'} status=${f.inline('status', r.status || '-')} idle=${Math.round(r.idle_s / 60)}m${flags ? ` ${flags}` : ''}`
}

/** The work plane's tools (the reference's names): board, desk, supervise, the work index and rulings. */
export function registerWorkTools({server, hub}: ToolContext): void {
  server.registerTool('get_board', {
    description: 'Fleet work as you can see it: live claim and phase rows in your channels (stale ones flagged), ' +
      'the rows you hold, rows waiting on you, your obligation counts and every seat you share a room with.',
    inputSchema: {},
  }, () => guarded(async () => {
    const b = await fetchBoard(hub)
    return fenced((f) => [
      `BOARD for ${b.agent_id}: owed to_answer=${b.obligations.to_answer} (escalated ${b.obligations.escalated}) to_consume=${b.obligations.to_consume} to_close=${b.obligations.to_close}`,
      `yours: ${b.mine.join(', ') || 'none'} · waiting on you: ${b.blocking_me.join(', ') || 'none'}`,
      `rows (${b.rows.length}):`, ...b.rows.map((r) => `  ${rowLine(f, r)}`),
      `seats (${b.seats.length}):`, ...b.seats.map((s) => `  ${s.agent_id} ${s.state} claims=${s.claims} phases=${s.phases} stale=${s.stale}${s.blocking.length ? ` blocking ${s.blocking.join(',')}` : ''}`),
    ])
  }))

  server.registerTool('get_desk', {
    description: 'Everything waiting on the operator (operators and reporting delegates only): your /owed answers ' +
      'and closes, claims waiting on you, queue: rows and rulings you have not acknowledged.',
    inputSchema: {},
  }, () => guarded(async () => {
    const d = await fetchDesk(hub)
    return fenced((f) => [
      `DESK for ${d.agent_id}: ${Object.entries(d.counts).map(([k, v]) => `${k}=${v}`).join(' ')}`,
      ...d.to_answer.map((r) => `  answer #${r.channel}#${r.seq} from ${r.sender}${r.escalated ? ' ESCALATED' : ''} ${f.inline('title', r.title)}`),
      ...d.to_close.map((r) => `  close #${r.channel}#${r.seq} ${f.inline('title', r.title)}`),
      ...d.waiting_on_you.map((r) => `  waiting on you: #${r.channel} ${r.key} holder=${r.holder}`),
      ...d.queue.map((r) => `  queue #${r.channel} ${r.key} v${r.version}: ${f.inline('value', r.value)}`),
      ...d.unacknowledged_rulings.map((r) => `  unacknowledged ruling #${r.channel} ${r.key} (ack_rulings)`),
    ])
  }))

  server.registerTool('supervise', {
    description: 'A delegate\'s radar: idle-but-live seats, dark seats owing escalated answers, stuck rows, ' +
      'unowned questions and escalated threads, for one channel or (channel empty) every channel you are in.',
    inputSchema: {channel: z.string().default('').describe('a channel, or empty for all of yours')},
  }, (args) => guarded(async () => {
    const rooms = args.channel ? [await fetchSuperviseRoom(hub, args.channel)] : (await fetchSuperviseAll(hub)).channels
    return fenced((f) => rooms.flatMap((s) => [
      `#${s.channel}: idle ${s.idle_seats.join(',') || '-'} · dark ${s.dark_seats.join(',') || '-'}`,
      ...s.stuck_rows.map((r) => `  stuck ${rowLine(f, {...r, channel: s.channel})}`),
      ...s.unowned.map((m) => `  unowned #${m.seq} from ${m.sender} ${f.inline('title', m.title)}`),
      ...s.escalated.map((m) => `  escalated #${m.seq} waiting on ${m.waiting_on.join(',') || 'anyone'} ${f.inline('title', m.title)}`),
    ]))
  }))

  server.registerTool('get_work', {
    description: 'Everything in your channels citing a work item id (<package>-<n>): its work: rows, the claims and ' +
      'phases naming it, and messages mentioning it.',
    inputSchema: {item_id: z.string().min(1).describe('e.g. "parser-12"')},
  }, (args) => guarded(async () => {
    const w = await fetchWorkItem(hub, args.item_id)
    return fenced((f) => [
      `WORK ${w.item_id}: ${w.rows.length} row(s), ${w.claims.length} claim(s), ${w.phases.length} phase(s), ${w.messages.length} message(s)`,
      ...[...w.rows, ...w.claims, ...w.phases].map((r) => `  #${r.channel} ${r.key} v${r.version} by ${r.updated_by}: ${f.inline('value', r.value)}`),
      ...w.messages.map((m) => `  #${m.channel}#${m.seq} ${m.sender} ${m.status} ${f.inline('title', m.title)}`),
    ])
  }))

  server.registerTool('read_rulings', {
    description: 'The standing rulings of a channel (operator ruling: rows) and which of them you have not acknowledged yet.',
    inputSchema: {channel: z.string().min(1)},
  }, (args) => guarded(async () => {
    const d = await fetchRulings(hub, args.channel)
    if (!d.rulings.length) return `No rulings in ${args.channel}.`
    return fenced((f) => [
      `RULINGS in ${args.channel} (${d.unacknowledged_rulings.length} unacknowledged):`,
      ...d.rulings.map((r) => `${d.unacknowledged_rulings.includes(r.key) ? 'NEW ' : ''}${r.key} v${r.version} by ${r.updated_by}\n${f.block('ruling', r.text)}`),
    ])
  }))

  server.registerTool('ack_rulings', {
    description: 'Acknowledge rulings you have read (at their current version; a changed ruling needs a new ack).',
    inputSchema: {channel: z.string().min(1), keys: z.array(z.string().min(1)).min(1).max(100).describe('e.g. ["ruling:no-force-push"]')},
  }, (args) => guarded(async () => {
    const r = await ackRulings(hub, args.channel, args.keys)
    return `ACKED ${r.acked.map((a) => `${a.key}@v${a.version}`).join(', ')}; still unacknowledged: ${r.unacknowledged_rulings.join(', ') || 'none'}`
  }))
}
