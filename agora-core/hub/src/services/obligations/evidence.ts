import {isLosslessNumber, parseJsonLossless, toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import {getRow} from '../store/index.js'
import {mapInOrder} from '../kernel/index.js'

export const EVIDENCE_CAP = 12
const KINDS = ['fs', 'store', 'blob', 'external'] as const
const FIELDS: Record<typeof KINDS[number], string[]> = {fs: ['kind', 'ref'], store: ['kind', 'ref'], blob: ['kind', 'ref'], external: ['kind', 'ref', 'sha256', 'size_bytes']}
const SHA256 = /^[0-9a-f]{64}$/

interface FileValue {content?: string; content_b64?: string; deleted?: boolean}

function fileSize(v: FileValue): number {
  return v.content_b64 !== undefined ? Buffer.from(v.content_b64, 'base64').length : Buffer.byteLength(v.content ?? '')
}

function liveFile(valueJson: string | null): FileValue | null {
  if (valueJson == null) return null
  const v = toPlain(parseJsonLossless(valueJson)) as FileValue
  return v.deleted ? null : v
}

/** `path` (the current version) or `path@N` (that version), read from this channel's vfs. */
async function fsRef(ctx: Ctx, channel: string, ref: string, i: number): Promise<Record<string, unknown>> {
  const current = await getRow(ctx, channel, `fs/${ref}`)
  const file = current ? liveFile(current.value_json) : null
  if (current && file) {
    return {kind: 'fs', ref: `${ref}@${current.version}`, path: ref, version: current.version, updated_by: current.updated_by,
      updated_at: current.updated_at, size: fileSize(file), verified: true}
  }
  const pinned = /^(.+)@(\d+)$/.exec(ref)
  const row = pinned ? await ctx.db.get<{value_json: string | null; updated_by: string; updated_at: number}>(
    'SELECT value_json, updated_by, updated_at FROM fs_versions WHERE channel = ? AND key = ? AND version = ?', channel, `fs/${pinned[1]}`, Number(pinned[2])) : undefined
  const old = row ? liveFile(row.value_json) : null
  if (!pinned || !row || !old) fail(400, `evidence[${i}] cites file '${ref}', which '${channel}' does not hold; write it first (PUT /channels/${channel}/fs/{path}) or cite path@version from GET /channels/${channel}/fshist/{path}`)
  return {kind: 'fs', ref, path: pinned[1], version: Number(pinned[2]), updated_by: row.updated_by, updated_at: row.updated_at, size: fileSize(old), verified: true}
}

async function storeRef(ctx: Ctx, channel: string, ref: string, i: number): Promise<Record<string, unknown>> {
  const row = ref.startsWith('fs/') ? undefined : await getRow(ctx, channel, ref)
  if (!row || row.value_json == null) fail(400, `evidence[${i}] cites store key '${ref}', which '${channel}' does not hold; cite a key from GET /channels/${channel}/store (files are kind fs)`)
  return {kind: 'store', ref, version: row.version, updated_by: row.updated_by, updated_at: row.updated_at, verified: true}
}

async function blobRef(ctx: Ctx, channel: string, ref: string, i: number): Promise<Record<string, unknown>> {
  const row = await ctx.db.get<{filename: string; size: number; created_by: string}>('SELECT filename, size, created_by FROM blobs WHERE channel = ? AND id = ?', channel, ref)
  if (!row) fail(400, `evidence[${i}] cites blob '${ref}', which was not uploaded to '${channel}'; upload it with POST /channels/${channel}/attachments and cite the id it returns`)
  return {kind: 'blob', ref, filename: row.filename, size: row.size, created_by: row.created_by, verified: true}
}

function externalRef(e: Record<string, unknown>, ref: string, i: number): Record<string, unknown> {
  const sha = typeof e.sha256 === 'string' ? e.sha256.toLowerCase() : ''
  if (!SHA256.test(sha)) fail(400, `evidence[${i}] is external, so it needs sha256: the 64 hex characters of the artifact's digest`)
  const raw = isLosslessNumber(e.size_bytes) ? Number(e.size_bytes.value) : e.size_bytes
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < 0) fail(400, `evidence[${i}] is external, so it needs size_bytes: the artifact's size as a whole number of bytes`)
  return {kind: 'external', ref, sha256: sha, size_bytes: raw, verified: false}
}

/**
 * `evidence`: at most 12 refs, each resolved in this channel and stamped with the hub's own
 * record of it. Only `external` refs, which the hub cannot see, are stamped `verified: false`.
 */
export async function normalizeEvidence(ctx: Ctx, channel: string, value: unknown): Promise<Record<string, unknown>[]> {
  if (!Array.isArray(value)) fail(400, 'evidence must be a list of {kind: fs|store|blob|external, ref}')
  if (value.length > EVIDENCE_CAP) fail(400, `evidence cites ${value.length} refs; the limit is ${EVIDENCE_CAP}, cite the ones that prove the work`)
  return mapInOrder(value as unknown[], async (item: unknown, i: number) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) fail(400, `evidence[${i}] must be an object {kind, ref}`)
    const e = item as Record<string, unknown>
    const kind = KINDS.find(k => k === e.kind)
    if (kind === undefined) fail(400, `evidence[${i}].kind must be one of ${KINDS.join(', ')}`)
    for (const k of Object.keys(e)) {
      if (!FIELDS[kind].includes(k)) fail(400, `evidence[${i}] has field '${k}', which a ${kind} ref does not take; allowed: ${FIELDS[kind].join(', ')} (the hub stamps the rest)`)
    }
    const ref = e.ref
    if (typeof ref !== 'string' || !ref || ref.length > 1024) fail(400, `evidence[${i}].ref must be a non-empty string of at most 1024 characters`)
    if (kind === 'fs') return fsRef(ctx, channel, ref, i)
    if (kind === 'store') return storeRef(ctx, channel, ref, i)
    if (kind === 'blob') return blobRef(ctx, channel, ref, i)
    return externalRef(e, ref, i)
  })
}

/** Does this (post-time stamped) data cite at least one ref the hub itself verified? External refs alone do not count. */
export function citesEvidence(data: Record<string, unknown> | null | undefined): boolean {
  const refs = data?.evidence
  return Array.isArray(refs) && refs.some(r => !!r && typeof r === 'object' && (r as Record<string, unknown>).verified === true)
}
