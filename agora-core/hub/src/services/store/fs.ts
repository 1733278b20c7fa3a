import {FS_BINARY_CAP, FS_TEXT_CAP, PATH_MAX} from '../../limits.js'
import {parseJsonLossless, stringifyWire, toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import {afterCommit, fromRow, insertMessage} from '../messages/index.js'
import {getRow} from './store.js'
import type {StoreRow} from './store.js'
import {codePointLength, nfcIdentifier} from '../kernel/index.js'
import type {FsFile, RouteAnswer} from '@agora/protocol'

export {FS_BINARY_CAP, FS_TEXT_CAP}
export const CHARTER_PATH = 'channel/charter.md'

interface FileValue {
  content?: string
  content_b64?: string
  mime: string
  description: string
  deleted?: boolean
}

/** The file path as the hub keeps it (NFC), or a 400 that says what to change. */
export function validatePath(raw: string): string {
  const fix = "use a relative path like 'notes/plan.md'"
  const path = nfcIdentifier(raw, `file path '${raw.slice(0, 100)}'`, fix)
  const bad = (why: string): never => fail(400, `file path '${path}' is invalid: ${why}; ${fix}`)
  const length = codePointLength(path)
  if (length < 1 || length > PATH_MAX) bad(`it must be 1-${PATH_MAX} characters (PATH_MAX)`)
  if (path.startsWith('/')) bad('it must not start with /')
  if (path.includes('\\')) bad('it must not contain a backslash')
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.' || seg === '..') bad('segments must not be empty, . or ..')
    if (seg !== seg.trim()) bad('segments must not start or end with whitespace')
  }
  return path
}

const STRICT_B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

export interface WriteInput {
  channel: string
  path: string
  content?: string
  content_b64?: string
  mime?: string
  description?: string
  expectVersion?: number
  actor: string
  channelAdmin: boolean
}

function fileValue(row: StoreRow | undefined): FileValue | null {
  if (!row || row.value_json == null) return null
  const v = toPlain(parseJsonLossless(row.value_json)) as FileValue
  return v.deleted ? null : v
}

/** Write a file (docs/protocol.md#store-and-fs): CAS, versions monotonic over the path's whole life, archive + audit message. */
export async function writeFile(ctx: Ctx, input: WriteInput): Promise<FsFile> {
  const {channel, actor} = input
  const path = validatePath(input.path)
  if (path.startsWith('channel/') && !input.channelAdmin) {
    fail(403, `'channel/' files are channel-admin only; ask the owner of '${channel}' or an operator`)
  }
  const hasText = input.content !== undefined && input.content !== null
  const hasB64 = input.content_b64 !== undefined && input.content_b64 !== null
  if (hasText === hasB64) fail(400, 'send exactly one of content (text) or content_b64 (binary)')
  let value: FileValue
  let size: number
  const mime = input.mime ?? 'text/markdown'
  const description = sanitize(input.description ?? '')
  if (description.length > 200) fail(400, `description is ${description.length} characters; the limit is 200`)
  if (hasText) {
    size = Buffer.byteLength(input.content as string)
    if (size > FS_TEXT_CAP) fail(413, `file content is ${size} bytes; the text cap is 262144, split the file`)
    value = {content: input.content as string, mime, description}
  } else {
    if (path === CHARTER_PATH) fail(400, 'channel/charter.md must be text; send content, not content_b64')
    const b64 = input.content_b64 as string
    if (!STRICT_B64.test(b64)) fail(400, 'content_b64 is not strict standard base64 with padding')
    size = Buffer.from(b64, 'base64').length
    if (size > FS_BINARY_CAP) fail(413, `decoded file is ${size} bytes; the binary cap is 4194304`)
    value = {content_b64: b64, mime: mime === 'text/markdown' ? 'application/octet-stream' : mime, description}
  }
  const key = `fs/${path}`
  return ctx.db.tx(async () => {
    const row = await getRow(ctx, channel, key)
    const live = fileValue(row) !== null
    const version = row?.version ?? 0
    if (input.expectVersion !== undefined && input.expectVersion !== (live ? version : 0)) {
      fail(409, `file version conflict: '${path}' is at version ${live ? version : 0}; re-read it and retry with expect_version=${live ? version : 0}`)
    }
    const next = version + 1
    const text = stringifyWire(value)
    await saveVersion(ctx, channel, key, next, text, actor)
    await audit(ctx, channel, actor, 'put', path, next, size)
    if (path === CHARTER_PATH) await recordCharterReceipt(ctx, actor, channel, next)
    return fsFile(path, value, next, actor, ctx.now())
  })
}

async function saveVersion(ctx: Ctx, channel: string, key: string, version: number, text: string | null, actor: string): Promise<void> {
  const now = ctx.now()
  const stored = text ?? stringifyWire({deleted: true})
  await ctx.db.run(`INSERT INTO store (channel, key, value_json, version, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (channel, key) DO UPDATE SET value_json = excluded.value_json, version = excluded.version,
    updated_by = excluded.updated_by, updated_at = excluded.updated_at`, channel, key, stored, version, actor, now)
  await ctx.db.run('INSERT INTO fs_versions (channel, key, version, value_json, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    channel, key, version, text, actor, now)
}

async function audit(ctx: Ctx, channel: string, actor: string, op: 'put' | 'delete', path: string, version: number, size: number): Promise<void> {
  const m = await insertMessage(ctx, {channel, sender: actor, kind: 'fs', status: 'fyi', title: `fs:${op} ${path}`, body: '',
    data: {op, path, version, size_bytes: size}})
  afterCommit(ctx, m)
}

export async function recordCharterReceipt(ctx: Ctx, agent: string, scope: string, version: number): Promise<void> {
  await ctx.db.run(`INSERT INTO charter_receipts (agent, scope, version, read_at, view) VALUES (?, ?, ?, ?, '')
    ON CONFLICT (agent, scope) DO UPDATE SET version = CASE WHEN excluded.version > charter_receipts.version THEN excluded.version ELSE charter_receipts.version END, read_at = excluded.read_at`,
  agent, scope, version, ctx.now())
}

export async function deleteFile(ctx: Ctx, channel: string, path: string, expectVersion: number | undefined, actor: string, channelAdmin: boolean): Promise<{deleted: boolean}> {
  path = validatePath(path)
  if (path.startsWith('channel/') && !channelAdmin) fail(403, `'channel/' files are channel-admin only; ask the owner of '${channel}' or an operator`)
  const key = `fs/${path}`
  return ctx.db.tx(async () => {
    const row = await getRow(ctx, channel, key)
    const live = fileValue(row) !== null
    const version = row?.version ?? 0
    if (expectVersion !== undefined && expectVersion !== (live ? version : 0)) {
      fail(409, `file version conflict: '${path}' is at version ${live ? version : 0}; re-read it and retry with expect_version=${live ? version : 0}`)
    }
    if (!live) return {deleted: false}
    await saveVersion(ctx, channel, key, version + 1, null, actor)
    await audit(ctx, channel, actor, 'delete', path, version + 1, 0)
    return {deleted: true}
  })
}

function fsFile(path: string, v: FileValue, version: number, by: string, at: number): FsFile {
  const binary = v.content_b64 !== undefined
  return {
    path, content: binary ? '' : v.content as string, mime: v.mime, description: v.description,
    size_bytes: binary ? Buffer.from(v.content_b64 as string, 'base64').length : Buffer.byteLength(v.content ?? ''),
    version, updated_by: by, updated_at: at, content_b64: binary ? v.content_b64 as string : null,
    encoding: binary ? 'base64' : 'utf-8',
  }
}

export async function readFile(ctx: Ctx, channel: string, path: string, version: number | undefined, reader: string): Promise<FsFile> {
  path = validatePath(path)
  const key = `fs/${path}`
  if (version !== undefined) {
    const r = await ctx.db.get<{value_json: string | null; updated_by: string; updated_at: number}>(
      'SELECT value_json, updated_by, updated_at FROM fs_versions WHERE channel = ? AND key = ? AND version = ?', channel, key, version)
    if (!r || r.value_json == null) fail(404, `'${path}' has no readable version ${version}; list versions with GET /channels/${channel}/fshist/${path}`)
    return fsFile(path, toPlain(parseJsonLossless(r.value_json)) as FileValue, version, r.updated_by, r.updated_at)
  }
  const row = await getRow(ctx, channel, key)
  const v = fileValue(row)
  if (!row || !v) fail(404, `no file '${path}' in '${channel}'; list files with GET /channels/${channel}/fs`)
  if (path === CHARTER_PATH) await recordCharterReceipt(ctx, reader, channel, row.version)
  return fsFile(path, v, row.version, row.updated_by, row.updated_at)
}

export async function listFiles(ctx: Ctx, channel: string, prefix: string): Promise<RouteAnswer<'get /channels/{c}/fs'>> {
  const rows = await ctx.db.all<StoreRow>(`SELECT * FROM store WHERE channel = ? AND key >= ? AND key < ? ORDER BY key`,
    channel, `fs/${prefix}`, `fs/${prefix}\uffff`)
  const out: RouteAnswer<'get /channels/{c}/fs'> = []
  for (const row of rows) {
    const v = fileValue(row)
    if (!v) continue
    const binary = v.content_b64 !== undefined
    const firstLine = binary ? '' : ((v.content ?? '').split('\n').map(l => l.replace(/^#+\s*/, '').trim()).find(l => l) ?? '')
    out.push({
      path: row.key.slice(3), version: row.version, updated_by: row.updated_by, updated_at: row.updated_at,
      size: binary ? Buffer.from(v.content_b64 as string, 'base64').length : Buffer.byteLength(v.content ?? ''),
      description: v.description || firstLine.slice(0, 120), described: !!v.description,
      ...(binary ? {encoding: 'base64'} : {}),
    })
  }
  return out
}

export async function fileHistory(ctx: Ctx, channel: string, path: string, sinceSeq: number, limit: number): Promise<ReturnType<typeof fromRow>[]> {
  path = validatePath(path)
  return (await ctx.db.all<Record<string, unknown>>(`SELECT * FROM messages WHERE channel = ? AND kind = 'fs' AND seq > ?
    AND title IN (?, ?) ORDER BY seq LIMIT ?`, channel, sinceSeq, `fs:put ${path}`, `fs:delete ${path}`, limit)).map(fromRow)
}

export const SEED_CHARTER = `# Channel charter

This room is for focused work between its members.

- Say what you need in one message: status \`open\` with asks when you need answers.
- Reply in thread (\`reply_to\`) and answer asks by id.
- Close your own threads with a \`resolved\` reply once they are settled.
`

export async function seedCharter(ctx: Ctx, channel: string, creator: string): Promise<void> {
  await writeFile(ctx, {channel, path: CHARTER_PATH, content: SEED_CHARTER, mime: 'text/markdown',
    description: 'channel charter', actor: creator, channelAdmin: true})
}
