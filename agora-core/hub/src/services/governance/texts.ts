import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import {HUB_RULES_V0} from './rules.js'
import {HUB_CHARTER_V0} from './charter-text.js'
import type {RouteAnswer} from '@agora/protocol'

export const TEXT_CAP = 256 * 1024
export const SEAT_KINDS = ['member', 'owner', 'delegate', 'operator'] as const

export interface HubText {version: number; text: string; updated_by: string; updated_at: number | null}

const packaged = (name: 'rules' | 'charter'): string => (name === 'rules' ? HUB_RULES_V0 : HUB_CHARTER_V0)

/** The text in force: the stored row, or the packaged v0. */
export async function currentText(ctx: Ctx, name: 'rules' | 'charter'): Promise<HubText> {
  const r = await ctx.db.get<HubText>('SELECT version, text, updated_by, updated_at FROM hub_texts WHERE name = ?', name)
  return r ?? {version: 0, text: packaged(name), updated_by: 'hub', updated_at: null}
}

/** Publish a new version (admin key): versions only grow, text is capped at 256 KiB. */
export async function publishText(ctx: Ctx, name: 'rules' | 'charter', text: string, version: number | undefined, by: string): Promise<HubText> {
  const bytes = Buffer.byteLength(text)
  if (bytes > TEXT_CAP) fail(413, `the ${name} text is ${bytes} bytes; the cap is ${TEXT_CAP}, shorten it`)
  if (!text.trim()) fail(400, `the ${name} text is empty; send the full text to publish`)
  return ctx.db.tx(async () => {
    const cur = await currentText(ctx, name)
    const next = version ?? cur.version + 1
    if (next <= cur.version) fail(409, `${name} version ${next} is not above the current version ${cur.version}; send version ${cur.version + 1} or omit it`)
    const row: HubText = {version: next, text, updated_by: by, updated_at: ctx.now()}
    await ctx.db.run(`INSERT INTO hub_texts (name, text, version, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET text = excluded.text, version = excluded.version, updated_by = excluded.updated_by,
      updated_at = excluded.updated_at`, name, text, next, by, row.updated_at)
    if (name === 'charter') {
      await ctx.db.run('INSERT INTO charter_versions (version, text, updated_by, updated_at) VALUES (?, ?, ?, ?)', next, text, by, row.updated_at)
    }
    return row
  })
}

interface Section {heading: string; kind: string | null; body: string}

function kindOf(heading: string): string | null {
  const word = heading.trim().toLowerCase().split(/\s+/)[0]?.replace(/s$/, '') ?? ''
  return (SEAT_KINDS as readonly string[]).includes(word) ? word : null
}

/** Split on `## ` headings: a preamble (heading '') then one section per heading. */
export function sections(text: string): Section[] {
  let current: Section = {heading: '', kind: null, body: ''}
  const out = [current]
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      current = {heading: line.slice(3).trim(), kind: kindOf(line.slice(3)), body: ''}
      out.push(current)
    }
    current.body += `${line}\n`
  }
  return out
}

/** What PUT /admin/charter reports: which seat kinds have a heading, and whether slicing applies. */
export function analyseCharter(text: string): {missing_roles: string[]; sliceable: boolean; unsectioned_roles: string[]} {
  const secs = sections(text)
  const headed = new Set(secs.map(s => s.kind).filter(Boolean))
  const missing = SEAT_KINDS.filter(k => !headed.has(k))
  const mentioned = missing.filter(k => new RegExp(`\\b${k}s?\\b`, 'i').test(text))
  return {missing_roles: missing, sliceable: missing.length === 0, unsectioned_roles: mentioned}
}

/** The seat's slice: preamble, sections for its kinds, and sections that name no kind. */
export function sliceFor(text: string, view: string[]): {text: string; sliced: boolean} {
  if (!analyseCharter(text).sliceable) return {text, sliced: false}
  const parts = sections(text).filter(s => s.kind === null || view.includes(s.kind))
  return {text: parts.map(s => s.body).join('').replace(/\n+$/, '\n'), sliced: true}
}

/** /charter/history: newest first, ending with the packaged v0. */
export async function charterHistory(ctx: Ctx, limit: number): Promise<RouteAnswer<'get /charter/history'>> {
  const cur = (await currentText(ctx, 'charter')).version
  const rows = await ctx.db.all<{version: number; text: string; updated_by: string; updated_at: number}>(
    'SELECT version, text, updated_by, updated_at FROM charter_versions ORDER BY version DESC LIMIT ?', limit)
  const out: RouteAnswer<'get /charter/history'> = rows.map(r => ({version: r.version, updated_by: r.updated_by, updated_at: r.updated_at,
    bytes: Buffer.byteLength(r.text), current: r.version === cur}))
  if (out.length < limit) out.push({version: 0, updated_by: 'hub', updated_at: null, bytes: Buffer.byteLength(HUB_CHARTER_V0), current: cur === 0})
  return out
}

/** /charter/versions/{n}: any archived version, v0 always. Records nothing. */
export async function charterVersion(ctx: Ctx, n: number): Promise<HubText> {
  if (n === 0) return {version: 0, text: HUB_CHARTER_V0, updated_by: 'hub', updated_at: null}
  const r = await ctx.db.get<HubText>('SELECT version, text, updated_by, updated_at FROM charter_versions WHERE version = ?', n)
  if (!r) fail(404, `hub charter version ${n} does not exist; list versions with GET /charter/history`)
  return r
}
