import {toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import {parseValue} from '../store/index.js'
import type {StoreRow} from '../store/index.js'
import {selectMessages} from '../messages/index.js'
import {WORK_ITEM} from './kinds.js'
import type {RouteAnswer, StoreEntry} from '@agora/protocol'

export const CITING_MESSAGES_MAX = 100

type Obj = Record<string, unknown>

function plainObject(r: StoreRow): Obj | null {
  const v = toPlain(parseValue(r))
  return v && typeof v === 'object' && !Array.isArray(v) ? v as Obj : null
}

/** Does a claim or phase row cite this work item: `work` naming it (or a list holding it), or the key `claim:<item>`? */
export function cites(key: string, v: Obj | null, item: string): boolean {
  if (key === `claim:${item}`) return true
  const w = v?.work
  return w === item || (Array.isArray(w) && w.includes(item))
}

function rowOut(r: StoreRow, v: Obj | null): StoreEntry {
  return {channel: r.channel, key: r.key, value: v, version: r.version, updated_by: r.updated_by, updated_at: r.updated_at}
}

/** GET /channels/{c}/work: the room's backlog index (`work:` rows) with the claims and phases citing each item. */
export async function channelWork(ctx: Ctx, channel: string): Promise<RouteAnswer<'get /channels/{c}/work'>> {
  const rows = await ctx.db.all<StoreRow>(`SELECT * FROM store WHERE channel = ? AND
    ((key >= 'work:' AND key < 'work;') OR (key >= 'claim:' AND key < 'claim;') OR (key >= 'phase:' AND key < 'phase;')) ORDER BY key`, channel)
  const parsed = rows.map(r => ({r, v: plainObject(r)}))
  const counts: Record<string, number> = {proposed: 0, planned: 0, completed: 0, deprecated: 0}
  const items = parsed.filter(({r}) => r.key.startsWith('work:')).map(({r, v}) => {
    const item = r.key.slice('work:'.length)
    const status = typeof v?.status === 'string' ? v.status : ''
    const counted = Object.hasOwn(counts, status) ? counts[status] : undefined // not toString & co.
    if (counted !== undefined) counts[status] = counted + 1
    return {item_id: item, ...rowOut(r, v), status, title: typeof v?.title === 'string' ? v.title : '',
      cited_by: parsed.filter(x => !x.r.key.startsWith('work:') && cites(x.r.key, x.v, item))
        .map(x => ({key: x.r.key, owner: x.v?.owner ?? x.v?.steward ?? null, status: x.v?.status ?? x.v?.state ?? null, version: x.r.version}))}
  })
  return {channel, items, counts}
}

/** GET /work/{item_id}: everything in the caller's rooms that cites the item: its rows, claims, phases and messages. */
export async function workItem(ctx: Ctx, viewer: string, item: string): Promise<RouteAnswer<'get /work/{item}'>> {
  if (!WORK_ITEM.test(item)) fail(400, `a work item id is <package>-<n>, e.g. parser-12; '${item.slice(0, 64)}' is not`)
  const rooms = ctx.cache.channelsOf(viewer)
  if (rooms.length === 0) return {item_id: item, rows: [], claims: [], phases: [], messages: []}
  const inRooms = `channel IN (${rooms.map(() => '?').join(', ')})`
  const store = await ctx.db.all<StoreRow>(`SELECT * FROM store WHERE ${inRooms} AND (key = ? OR key >= 'claim:' AND key < 'claim;'
    OR key >= 'phase:' AND key < 'phase;') ORDER BY channel, key`, ...rooms, `work:${item}`)
  const rows: StoreEntry[] = [], claims: StoreEntry[] = [], phases: StoreEntry[] = []
  for (const r of store) {
    const v = plainObject(r)
    if (r.key === `work:${item}`) rows.push(rowOut(r, v))
    else if (cites(r.key, v, item)) (r.key.startsWith('claim:') ? claims : phases).push(rowOut(r, v))
  }
  // Item ids are [a-z0-9._-]: only '_' is a LIKE wildcard, escaped here.
  const like = `%${item.replace(/_/g, '\\_')}%`
  const msgs = await selectMessages(ctx, `FROM messages WHERE ${inRooms} AND retracted_at IS NULL
    AND (title LIKE ? ESCAPE '\\' OR body LIKE ? ESCAPE '\\' OR data_json LIKE ? ESCAPE '\\') ORDER BY created_at DESC, seq DESC LIMIT ${CITING_MESSAGES_MAX}`,
  ...rooms, like, like, like)
  const mentions = new RegExp(`(^|[^a-z0-9._-])${item.replace(/[.]/g, '\\.')}($|[^a-z0-9._-])`)
  const messages = msgs.filter(m => mentions.test(m.title) || mentions.test(m.body) || mentions.test(JSON.stringify(m.data ?? null)))
    .map(m => ({channel: m.channel, id: m.id, seq: m.seq, sender: m.sender, status: m.status, title: m.title, created_at: m.created_at}))
  return {item_id: item, rows, claims, phases, messages}
}
