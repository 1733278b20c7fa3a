import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {AgentRec} from '../kernel/index.js'
import {CHARTER_PATH} from '../store/index.js'
import {channelMeta, getRow} from '../store/index.js'
import {isDm} from '../channels/index.js'
import {activeGrant} from '../grants/index.js'
import {currentText, sliceFor} from './texts.js'
import {mapInOrder} from '../kernel/index.js'
import {parseJsonLossless} from '@agora/protocol'
import {PREPARED} from '../../db/port.js'
import type {RouteAnswer, Whoami} from '@agora/protocol'

export const HUB_READ_WITH = 'read_charter() / GET /charter'
const channelReadWith = (c: string): string => `read_charter(channel="${c}") / GET /channels/${c}/charter`

interface Receipt {version: number; read_at: number; view: string}

export async function receiptOf(ctx: Ctx, agent: string, scope: string): Promise<Receipt | undefined> {
  return await ctx.db.get<Receipt>('SELECT version, read_at, view FROM charter_receipts WHERE agent = ? AND scope = ?', agent, scope)
}

/** Reading records delivery: the version served and which slice (`full` when the whole text was served). */
export async function recordReceipt(ctx: Ctx, agent: string, scope: string, version: number, view: string): Promise<void> {
  await ctx.db.run(`INSERT INTO charter_receipts (agent, scope, version, read_at, view) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (agent, scope) DO UPDATE SET version = CASE WHEN excluded.version > charter_receipts.version THEN excluded.version ELSE charter_receipts.version END, read_at = excluded.read_at,
    view = excluded.view`, agent, scope, version, ctx.now(), view)
}

/** The seat's kinds in order: member, owner (owns a live room), delegate (active grant); operators get all four. */
export function seatView(ctx: Ctx, a: AgentRec): string[] {
  if (a.operator) return ['member', 'owner', 'delegate', 'operator']
  const view = ['member']
  if ([...ctx.cache.channels.values()].some(c => c.created_by === a.id && c.archived_at == null)) view.push('owner')
  if (activeGrant(ctx, a.id)) view.push('delegate')
  return view
}

function viewCovers(served: string, view: string[]): boolean {
  if (served === 'full') return true
  const kinds = new Set(served.split(',').filter(Boolean))
  return view.every(k => kinds.has(k))
}

/** whoami.hub_charter: a pointer, never the text. */
export async function hubCharterPointer(ctx: Ctx, a: AgentRec): Promise<Whoami['hub_charter']> {
  const cur = await currentText(ctx, 'charter')
  const r = await receiptOf(ctx, a.id, 'hub')
  const view = seatView(ctx, a)
  const current = r !== undefined && r.version >= cur.version
  const viewCurrent = current && viewCovers(r.view, view)
  return {version: cur.version, your_receipt: r?.version ?? null, current, view, view_current: viewCurrent, read_with: HUB_READ_WITH,
    ...(current && !viewCurrent ? {note: 'your seat kinds changed since you read it; read it again for your current slice'} : {})}
}

/** GET /charter[?full]: the seat's slice (or the whole text), recording a receipt. */
export async function readCharter(ctx: Ctx, a: AgentRec, full: boolean): Promise<RouteAnswer<'get /charter'>> {
  const cur = await currentText(ctx, 'charter')
  const view = seatView(ctx, a)
  const slice = full ? {text: cur.text, sliced: false} : sliceFor(cur.text, view)
  await recordReceipt(ctx, a.id, 'hub', cur.version, slice.sliced ? view.join(',') : 'full')
  return {version: cur.version, text: slice.text, sliced: slice.sliced, view, your_receipt: cur.version, current: true,
    updated_by: cur.updated_by, updated_at: cur.updated_at}
}

/** The hub charter text to inline in a channel charter read when the reader is behind (records nothing). */
export async function hubPartIfBehind(ctx: Ctx, a: AgentRec, full = false): Promise<RouteAnswer<'get /channels/{c}/charter'>['hub'] | null> {
  const cur = await currentText(ctx, 'charter')
  const r = await receiptOf(ctx, a.id, 'hub')
  if (r && r.version >= cur.version) return null
  const slice = full ? {text: cur.text, sliced: false} : sliceFor(cur.text, seatView(ctx, a))
  return {version: cur.version, text: slice.text, sliced: slice.sliced}
}

async function liveCharterVersion(ctx: Ctx, channel: string): Promise<number | null> {
  const row = await getRow(ctx, channel, `fs/${CHARTER_PATH}`)
  if (!row || row.value_json == null || isDeletedFile(row.value_json)) return null
  return row.version
}

/** A vfs row's value marks the file deleted (the row, and its version, stay). */
function isDeletedFile(valueJson: string): boolean {
  return (parseJsonLossless(valueJson) as {deleted?: unknown} | null)?.deleted === true
}

/** The charter gate of the post pipeline: a `norms_required` room refuses posts until the sender's receipt is current. */
export async function charterGate(ctx: Ctx, channel: string, sender: string): Promise<void> {
  if (isDm(channel) || !(ctx.metaCache.get(channel) ?? await channelMeta(ctx, channel)).norms_required) return
  const version = await liveCharterVersion(ctx, channel)
  if (version === null) return
  const have = (await receiptOf(ctx, sender, channel))?.version ?? null
  if (have !== null && have >= version) return
  fail(409, `'${channel}' requires reading its charter (version ${version}) before posting; you have ${have === null ? 'not read it' : `read version ${have}`}, read it with ${channelReadWith(channel)} and retry`)
}

/** /owed.charters: one row per charter the seat is behind on. */
export async function owedCharters(ctx: Ctx, a: AgentRec): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = []
  const hub = await hubCharterPointer(ctx, a)
  if (!hub.current || !hub.view_current) {
    rows.push({scope: 'hub', version: hub.version, your_receipt: hub.your_receipt, read_with: HUB_READ_WITH, gated: false,
      reason: hub.current ? 'view' : 'version'})
  }
  // The charter row comes with the join (value_json too), so a deleted file is seen without reading each row again.
  const behind = await ctx.db.all<{channel: string; version: number; receipt: number | null; value_json: string}>(`${PREPARED}SELECT s.channel AS channel,
    s.version AS version, r.version AS receipt, s.value_json AS value_json FROM members m JOIN store s ON s.channel = m.channel AND s.key = ?
    LEFT JOIN charter_receipts r ON r.agent = m.agent_id AND r.scope = m.channel
    WHERE m.agent_id = ? AND s.value_json IS NOT NULL AND (r.version IS NULL OR r.version < s.version) ORDER BY s.channel`,
  `fs/${CHARTER_PATH}`, a.id)
  for (const b of behind) {
    if (isDm(b.channel) || isDeletedFile(b.value_json)) continue
    rows.push({scope: b.channel, version: b.version, your_receipt: b.receipt, read_with: channelReadWith(b.channel),
      gated: !!(await channelMeta(ctx, b.channel)).norms_required, reason: 'version'})
  }
  return rows
}

/** GET /admin/charter/receipts (scope hub) and GET /channels/{c}/charter/receipts: every seat in scope, read or not. */
export async function receiptsFor(ctx: Ctx, scope: string, seats: string[], version: number): Promise<RouteAnswer<'get /admin/charter/receipts'>['receipts']> {
  return mapInOrder(seats.sort(), async agent => {
    const r = await receiptOf(ctx, agent, scope)
    return {agent, version: r?.version ?? null, read_at: r?.read_at ?? null, view: r?.view ?? null, current: !!r && r.version >= version}
  })
}

export async function channelCharterReceipts(ctx: Ctx, channel: string): Promise<RouteAnswer<'get /channels/{c}/charter/receipts'>> {
  const version = await liveCharterVersion(ctx, channel)
  if (version === null) fail(404, `'${channel}' has no charter; its owner can write channel/charter.md`)
  return {channel, version, receipts: await receiptsFor(ctx, channel, ctx.cache.membersOf(channel).map(m => m.agent_id), version)}
}
