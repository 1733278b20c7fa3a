import {BLOB_CAP, CHANNEL_BLOB_CAP} from '../../limits.js'
import {createHash} from 'node:crypto'
import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import {mapInOrder} from '../kernel/index.js'
import type {RouteAnswer} from '@agora/protocol'

export {BLOB_CAP, CHANNEL_BLOB_CAP}
export const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;.*)?$/i
const ACTIVE = /(html|svg|xml|javascript|ecmascript)|\+xml|\+html/i

interface BlobMeta {channel: string; id: string; filename: string; content_type: string; size: number; created_by: string; created_at: number}

function meta(r: BlobMeta): RouteAnswer<'post /channels/{c}/attachments'> {
  return {channel: r.channel, id: r.id, filename: r.filename, content_type: r.content_type, size: r.size,
    created_by: r.created_by, created_at: r.created_at}
}

export function cleanFilename(name: string): string {
  const f = sanitize(name).replace(/[/\\]/g, '_')
  if (f.length > 200) fail(400, `filename is ${f.length} characters; the limit is 200`)
  return f || 'attachment'
}

/** Store a blob; id = sha256(bytes), so a repeat upload in the same channel is a no-op. */
export async function saveBlob(ctx: Ctx, channel: string, bytes: Buffer, filename: string, contentType: string, by: string): Promise<RouteAnswer<'post /channels/{c}/attachments'>> {
  if (bytes.length === 0) fail(400, 'the attachment is empty; send the file bytes as the request body')
  if (bytes.length > BLOB_CAP) fail(413, `the attachment is ${bytes.length} bytes; the cap is 16 MiB`)
  const type = (contentType || 'application/octet-stream').slice(0, 100)
  const id = createHash('sha256').update(bytes).digest('hex')
  return ctx.db.tx(async () => {
    const existing = await ctx.db.get<BlobMeta>('SELECT channel, id, filename, content_type, size, created_by, created_at FROM blobs WHERE channel = ? AND id = ?', channel, id)
    if (existing) return meta(existing)
    const used = (await ctx.db.get<{n: number | null}>('SELECT SUM(size) AS n FROM blobs WHERE channel = ?', channel))?.n ?? 0
    if (used + bytes.length > CHANNEL_BLOB_CAP) fail(413, `'${channel}' would hold more than 1 GiB of attachments; store large files elsewhere`)
    const row: BlobMeta = {channel, id, filename: cleanFilename(filename), content_type: type, size: bytes.length, created_by: by, created_at: ctx.now()}
    await ctx.db.run('INSERT INTO blobs (channel, id, filename, content_type, size, bytes, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      channel, id, row.filename, row.content_type, row.size, bytes, by, row.created_at)
    return meta(row)
  })
}

/** Post-time `attachments`: at most 8 refs to blobs of this channel, stamped from the blob row. */
export async function normalizeAttachments(ctx: Ctx, channel: string, refs: unknown): Promise<Record<string, unknown>[]> {
  if (!Array.isArray(refs)) fail(400, 'attachments must be a list of {id, filename?}')
  if (refs.length > 8) fail(400, `a message carries at most 8 attachments; this one has ${refs.length}`)
  return mapInOrder(refs as unknown[], async (ref, i) => {
    const r = (typeof ref === 'string' ? {id: ref} : ref) as {id?: unknown; filename?: unknown}
    const row = typeof r?.id === 'string'
      ? await ctx.db.get<BlobMeta>('SELECT channel, id, filename, content_type, size, created_by, created_at FROM blobs WHERE channel = ? AND id = ?', channel, r.id)
      : undefined
    if (!row) fail(400, `attachments[${i}] is not a blob uploaded to '${channel}'; upload it with POST /channels/${channel}/attachments first`)
    const filename = typeof r.filename === 'string' && r.filename ? cleanFilename(r.filename) : row.filename
    return {id: row.id, filename, content_type: row.content_type, size: row.size}
  })
}

/** Fetch a blob; 404 once every message that referenced it has been retracted. */
export async function readBlob(ctx: Ctx, channel: string, id: string): Promise<{meta: BlobMeta; bytes: Buffer; servedType: string}> {
  if (!/^[0-9a-f]{64}$/.test(id)) fail(400, 'an attachment id is 64 lowercase hex characters (its sha256)')
  const row = await ctx.db.get<BlobMeta & {bytes: Buffer}>('SELECT * FROM blobs WHERE channel = ? AND id = ?', channel, id)
  if (!row) fail(404, `no attachment '${id}' in '${channel}'`)
  const refs = await ctx.db.get<{total: number; live: number}>(`SELECT count(*) AS total, SUM(CASE WHEN retracted_at IS NULL THEN 1 ELSE 0 END) AS live FROM messages
    WHERE channel = ? AND data_json LIKE ?`, channel, `%"attachments":%${id}%`)
  if (refs && refs.total > 0 && !refs.live) fail(404, `attachment '${id}' was withdrawn: every message that carried it was retracted`)
  const declared = row.content_type
  const servedType = !MEDIA_TYPE.test(declared) || ACTIVE.test(declared) ? 'application/octet-stream' : declared
  return {meta: row, bytes: row.bytes, servedType}
}

export function dispositionHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}
