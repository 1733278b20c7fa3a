import type {AgoraClient, FsListRow, MessageRow} from '@agora/client'
import {readJsonObject, writeSecureFile} from '@agora/home'
import {stringifyWire} from '@agora/protocol'
import {appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync} from 'node:fs'
import {dirname, join, resolve, sep} from 'node:path'

import {mirrorStore} from './mirror-store.js'
import {cleanLine, iso} from '@agora/command'

/** `<dir>/.agora-mirror.json`: what has been written, so a re-run appends only what is new. */
export interface MirrorState {
  schema: 1
  url: string
  /** `store`: each row's `version@updated_at` at the last render (absent in states written before store rows were mirrored). */
  channels: Record<string, {last_seq: number; vfs: Record<string, number>; store?: Record<string, string>}>
}

export interface ChannelMirrored {
  channel: string
  appended: number
  last_seq: number
  files_written: number
  files_removed: number
  store_rows: number
  leases: number
  store_written: boolean
}

export interface MirrorResult {
  dir: string
  channels: ChannelMirrored[]
  appended: number
  files_written: number
  store_files_written: number
}

const STATE_FILE = '.agora-mirror.json'
const PAGE = 1000

/** A channel name as one safe file name (`dm:a--b` → `dm%3Aa--b`). */
export const fileName = (channel: string): string =>
  channel.replace(/[^A-Za-z0-9._-]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)

function readState(dir: string, url: string): MirrorState {
  const raw = readJsonObject(join(dir, STATE_FILE), 'mirror state (delete it to rebuild the mirror from scratch)')
  if (!raw) return {schema: 1, url, channels: {}}
  if (raw.schema !== 1 || typeof raw.channels !== 'object' || raw.channels === null) {
    throw new Error(`${join(dir, STATE_FILE)} is not a mirror state this version reads; move the directory aside and mirror again`)
  }
  if (raw.url !== url) throw new Error(`${dir} mirrors ${String(raw.url)}, not ${url}; use another directory for this hub`)
  return raw as unknown as MirrorState
}

/** A body as a tilde fence longer than any tilde run inside it, so no body can close it early. */
function fencedBody(body: string): string {
  const longest = Math.max(3, ...[...body.matchAll(/~+/g)].map((m) => m[0].length))
  const fence = '~'.repeat(longest + 1)
  return `${fence}text\n${body}${body.endsWith('\n') ? '' : '\n'}${fence}`
}

/** One message as a Markdown section: seq, sender, status, title, metadata lines, then the body. */
export function messageSection(m: MessageRow): string {
  const data = (m.data ?? {}) as {asks?: Array<{id: string; text: string; to?: string[]; assignee?: string}>; answers?: string[]; declines?: string[]}
  const lines = [`## #${m.seq} · ${cleanLine(m.sender)} · ${m.status}${m.title ? ` · ${cleanLine(m.title)}` : ''}`, '']
  lines.push(`- id: ${m.id}`, `- at: ${iso(m.created_at)}`)
  if (m.kind !== 'message') lines.push(`- kind: ${m.kind}`)
  if (m.to?.length) lines.push(`- to: ${m.to.map(cleanLine).join(', ')}`)
  if (m.reply_to) lines.push(`- reply_to: ${m.reply_to}`)
  for (const ask of data.asks ?? []) {
    const who = [...(ask.to ?? []), ...(ask.assignee ? [`assignee ${ask.assignee}`] : [])].map(cleanLine).join(', ')
    lines.push(`- ask ${cleanLine(ask.id)}${who ? ` (${who})` : ''}: ${cleanLine(ask.text)}`)
  }
  if (data.answers?.length) lines.push(`- answers: ${data.answers.map(cleanLine).join(', ')}`)
  if (data.declines?.length) lines.push(`- declines: ${data.declines.map(cleanLine).join(', ')}`)
  if ((m as {retracted?: boolean}).retracted) lines.push('- retracted: true')
  lines.push('', fencedBody(m.body ?? ''), '', '')
  return lines.join('\n')
}

/** A vfs path kept inside `root`; a path that would climb out is refused. */
function vfsTarget(root: string, path: string): string {
  const target = resolve(root, path)
  if (!target.startsWith(root + sep)) throw new Error(`vfs path ${JSON.stringify(path)} would leave ${root}; not exported`)
  return target
}

async function mirrorVfs(hub: AgoraClient, channel: string, dir: string, known: Record<string, number>): Promise<{written: number; removed: number}> {
  const root = resolve(dir, 'vfs', fileName(channel))
  const rows: FsListRow[] = await hub.fsList(channel)
  let written = 0
  for (const row of rows) {
    if (known[row.path] === row.version) continue
    const file = await hub.fsRead(channel, row.path)
    const target = vfsTarget(root, row.path)
    mkdirSync(dirname(target), {recursive: true})
    writeFileSync(target, file.content_b64 ? Buffer.from(file.content_b64, 'base64') : file.content ?? '')
    known[row.path] = row.version
    written++
  }
  const live = new Set(rows.map((r) => r.path))
  let removed = 0
  for (const path of Object.keys(known)) {
    if (live.has(path)) continue
    rmSync(vfsTarget(root, path), {force: true})
    delete known[path]
    removed++
  }
  return {written, removed}
}

/**
 * Append each channel's new messages to `<dir>/channels/<name>.md`, export its vfs at head to
 * `<dir>/vfs/<name>/` and render its store (leases, work rows) to `<dir>/store/<name>.md`. The state file is rewritten after every channel, so a re-run appends only
 * messages past the recorded seq and rewrites only files whose version moved.
 */
export async function mirrorHub(hub: AgoraClient, dir: string, channels: string[]): Promise<MirrorResult> {
  const root = resolve(dir)
  mkdirSync(join(root, 'channels'), {recursive: true})
  const state = readState(root, hub.url)
  const done: ChannelMirrored[] = []
  for (const channel of channels) {
    const entry = (state.channels[channel] ??= {last_seq: 0, vfs: {}})
    const file = join(root, 'channels', `${fileName(channel)}.md`)
    if (!existsSync(file)) writeFileSync(file, `# ${cleanLine(channel)}\n\nAppend-only history mirrored from ${hub.url} by \`agora mirror\`.\n\n`)
    let appended = 0
    for (;;) {
      const rows = await hub.history(channel, {since: entry.last_seq, limit: PAGE})
      const last = rows.at(-1)
      if (last === undefined) break
      appendFileSync(file, rows.map(messageSection).join(''))
      appended += rows.length
      entry.last_seq = last.seq
      writeSecureFile(join(root, STATE_FILE), stringifyWire(state) + '\n')
      if (rows.length < PAGE) break
    }
    const vfs = await mirrorVfs(hub, channel, root, entry.vfs)
    const store = await mirrorStore(hub, channel, join(root, 'store', `${fileName(channel)}.md`), (entry.store ??= {}))
    writeSecureFile(join(root, STATE_FILE), stringifyWire(state) + '\n')
    done.push({channel, appended, last_seq: entry.last_seq, files_written: vfs.written, files_removed: vfs.removed,
      store_rows: store.rows, leases: store.leases, store_written: store.written})
  }
  return {
    dir: root, channels: done, appended: done.reduce((n, c) => n + c.appended, 0), files_written: done.reduce((n, c) => n + c.files_written, 0),
    store_files_written: done.filter((c) => c.store_written).length,
  }
}
