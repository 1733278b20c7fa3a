import type {AgoraClient, StoreEntry} from '@agora/client'
import {stringifyWire} from '@agora/protocol'
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {cleanLine, iso} from '@agora/command'

const LEASE_PREFIX = 'lease:'
const ROWS_MAX = 5000

/**
 * Peer text on one Markdown line with every character Markdown could read as structure
 * backslash-escaped, so a key, holder or path cannot open a heading, list, link, code span or HTML.
 */
export function inlineText(text: unknown): string {
  return cleanLine(String(text ?? '')).replace(/[\\`*_{}[\]()#+\-.!|<>~&=:]/g, (c) => `\\${c}`)
}

/** A value as a tilde fence longer than any tilde run inside it, so no value can close it early. */
function fencedJson(value: unknown): string {
  const text = stringifyWire(value)
  const fence = '~'.repeat(Math.max(3, ...[...text.matchAll(/~+/g)].map((m) => m[0].length)) + 1)
  return `${fence}json\n${text}\n${fence}`
}

interface LeaseValue { workspace?: unknown; path?: unknown; holder?: unknown; mode?: unknown; expires_at?: unknown; taken_at?: unknown; note?: unknown }

/** A `lease:` row as one list line: holder, path, mode, expiry, workspace, note. */
export function leaseLine(row: StoreEntry): string {
  const v = (row.value && typeof row.value === 'object' && !Array.isArray(row.value) ? row.value : {}) as LeaseValue
  const until = typeof v.expires_at === 'number' ? iso(v.expires_at) : '-'
  const mode = v.mode === 'shared' ? 'shared' : 'exclusive'
  const note = v.note ? ` · note ${inlineText(v.note)}` : ''
  // A row written by an older hub may lack a field: shown as `?`, never as a blank that misreads the line.
  const field = (x: unknown): string => (x == null || x === '' ? '?' : inlineText(x))
  return `- ${field(v.holder)} holds ${field(v.path)} (${mode}) until ${until} · workspace ${field(v.workspace)} · v${row.version}${note}`
}

/** Any other row: the key as a heading, version/author/time, then the value fenced as JSON. */
export function rowSection(row: StoreEntry): string {
  return [`### ${inlineText(row.key)}`, '', `- version: ${row.version}`, `- by: ${inlineText(row.updated_by)}`, `- at: ${iso(row.updated_at)}`, '',
    fencedJson(row.value), '', ''].join('\n')
}

/** The whole store snapshot of one channel: leases first (grouped by holder), then every other row by key. */
export function storeMarkdown(channel: string, url: string, rows: StoreEntry[]): string {
  const leases = rows.filter((r) => r.key.startsWith(LEASE_PREFIX))
    .sort((a, b) => leaseLine(a).localeCompare(leaseLine(b)))
  const others = rows.filter((r) => !r.key.startsWith(LEASE_PREFIX)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const out = [`# ${cleanLine(channel)} · store`, '',
    `The store of ${cleanLine(channel)} at head, mirrored from ${url} by \`agora mirror\` (rewritten when a row changes; the history of changes is in the ledger).`, '',
    `## Leases (${leases.length})`, '']
  out.push(leases.length ? leases.map(leaseLine).join('\n') : '_none_', '', `## Rows (${others.length})`, '')
  if (!others.length) out.push('_none_')
  return out.join('\n') + '\n' + others.map(rowSection).join('')
}

export interface StoreMirrored { rows: number; leases: number; written: boolean }

/** A row's version and write time: a key deleted and written again (a lease released and retaken) restarts at v1. */
const stamp = (row: {version: number; updated_at: number}): string => `${row.version}@${row.updated_at}`

/**
 * Rewrite `<dir>/store/<file>.md` when the channel's set of (key, version, write time) moved since the
 * last run (`known` is that set from the state file); values are fetched only then. An empty store leaves no file.
 */
export async function mirrorStore(hub: AgoraClient, channel: string, file: string, known: Record<string, string>): Promise<StoreMirrored> {
  const listed = await hub.storeList(channel)
  if (listed.length > ROWS_MAX) throw new Error(`${channel} holds ${listed.length} store rows, more than the ${ROWS_MAX} a mirror renders; mirror it with --channels excluding it, or prune rows`)
  const leases = listed.filter((r) => r.key.startsWith(LEASE_PREFIX)).length
  const same = listed.length === Object.keys(known).length && listed.every((r) => known[r.key] === stamp(r))
  if (same && (listed.length === 0 || existsSync(file))) return {rows: listed.length, leases, written: false}
  for (const k of Object.keys(known)) delete known[k]
  if (!listed.length) {
    rmSync(file, {force: true})
    return {rows: 0, leases: 0, written: false}
  }
  const rows: StoreEntry[] = []
  for (const r of listed) {
    // A row deleted between the list and the read (an expired lease, a released claim) is skipped.
    const row = await hub.storeGet(channel, r.key).catch((err: {status?: number}) => { if (err.status === 404) return null; throw err })
    if (row) rows.push(row)
  }
  for (const r of rows) known[r.key] = stamp(r)
  const text = storeMarkdown(channel, hub.url, rows)
  mkdirSync(join(file, '..'), {recursive: true})
  const written = !existsSync(file) || readFileSync(file, 'utf8') !== text
  if (written) writeFileSync(file, text)
  return {rows: rows.length, leases: rows.filter((r) => r.key.startsWith(LEASE_PREFIX)).length, written}
}
