import {AgoraError} from '@agora/protocol'

export const Q_MAX = 256

/**
 * A search query as the seat wrote it. Plain words are matched as words (each quoted, so `don't`
 * or `x-ray` never trips the engine's grammar); a query using the full-text syntax (`"phrase"`,
 * `AND`/`OR`/`NOT`, `NEAR`, `prefix*`, parentheses, `col:`) goes to the engine as written, and a
 * syntax error there answers 422 instead of 500.
 */
export interface SearchQuery {
  text: string
  /** The words, lower-cased, for snippets, store rows and seats. */
  words: string[]
  raw: boolean
}

const SYNTAX = /["()*^:]|\b(AND|OR|NOT|NEAR)\b/

export function parseQuery(q: string): SearchQuery {
  if (q.length > Q_MAX) throw new AgoraError(422, [{loc: ['query', 'q'], msg: `q is ${q.length} characters; the limit is ${Q_MAX}`, type: 'string_too_long'}])
  const text = q.normalize('NFC').trim()
  const raw = SYNTAX.test(text)
  const source = raw ? text.replace(/\b(AND|OR|NOT|NEAR)\b/g, ' ') : text
  const words = [...new Set(source.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])]
  return {text, words, raw}
}

/** The FTS5 MATCH text: every word quoted and required, or (relaxed) any word. */
export function ftsMatch(q: SearchQuery, relaxed: boolean): string {
  if (q.raw && !relaxed) return q.text
  return q.words.map(w => `"${w}"`).join(relaxed ? ' OR ' : ' ')
}

/** The PostgreSQL websearch text: the query as written, or (relaxed) any word. */
export function webSearchText(q: SearchQuery, relaxed: boolean): string {
  return relaxed ? q.words.join(' OR ') : q.text
}

/** A relaxed (any-word) retry makes sense only for two or more plain words. */
export function canRelax(q: SearchQuery): boolean {
  return q.words.length >= 2
}

/** A short plain-text excerpt around the first query word, so a hit shows why it matched. */
export function snippet(text: string, words: string[], width = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= width) return flat
  const lower = flat.toLowerCase()
  let at = -1
  for (const w of words) {
    const i = lower.indexOf(w)
    if (i >= 0 && (at < 0 || i < at)) at = i
  }
  const start = Math.max(0, Math.min(at < 0 ? 0 : at - Math.floor(width / 3), flat.length - width))
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + width)}${start + width < flat.length ? '…' : ''}`
}

export function matchesAll(text: string, words: string[], any: boolean): boolean {
  if (words.length === 0) return true
  const lower = text.toLowerCase()
  return any ? words.some(w => lower.includes(w)) : words.every(w => lower.includes(w))
}

/**
 * Where the query's words stand in a served snippet: `[start, length]` in code points (what a client indexing the
 * string by characters, not UTF-16 units, counts), in text order (words never overlap). A word matches where a word of
 * the snippet starts with it (so `deploy` marks `deployment`, as a prefix query would find it), case-insensitively.
 */
export function highlights(text: string, words: string[]): Array<[number, number]> {
  if (words.length === 0) return []
  const spans: Array<[number, number]> = []
  for (const m of text.matchAll(/[\p{L}\p{N}_]+/gu)) {
    const lower = m[0].toLowerCase()
    const best = words.reduce((n, w) => (lower.startsWith(w) ? Math.max(n, [...w].length) : n), 0)
    if (best === 0) continue
    const start = [...text.slice(0, m.index)].length
    spans.push([start, Math.min(best, [...m[0]].length)])
  }
  return spans
}
