// "An accepted request is readable back exactly as stored": what the hub serves for an accepted
// message equals the turn its ledger hashed (and that turn's hash recomputes), and an accepted
// store value or file reads back as sent.
import {expect} from 'chai'
import {canonicalize, ledgerHash, parseJsonLossless, turnPayload} from '@agora/protocol'
import type {LedgerReport, LedgerTurn} from '@agora/protocol'
import {turnHash} from '../helpers/ledger.js'
import type {Reply} from '../helpers/hub.js'
import type {Who, World} from './world.js'

/** A lone surrogate cannot be stored as UTF-8; a hub may keep it as U+FFFD, provided it hashes and serves that. */
export function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
}

/** The same JSON value with every string and key made well-formed. */
function deepWellFormed(v: unknown): unknown {
  if (typeof v === 'string') return wellFormed(v)
  if (Array.isArray(v)) return v.map(deepWellFormed)
  if (v && typeof v === 'object' && v.constructor === Object) return Object.fromEntries(Object.entries(v).map(([k, x]) => [wellFormed(k), deepWellFormed(x)]))
  return v
}

/** Canonical text of a value; a value the canonical form cannot hold (1e400, nesting past the stack) is reported as such. */
export function canon(v: unknown): string {
  try { return canonicalize(v) } catch (err) { return `<cannot canonicalize: ${(err as Error).message}>` }
}

const SERVED = ['id', 'seq', 'sender', 'kind', 'status', 'urgency', 'to', 'title', 'body', 'data', 'reply_to'] as const

/**
 * An accepted post: its own ledger turn's hash recomputes from the previous turn's hash (checked
 * per turn, so a break left by an earlier case is not blamed on this one), and its served form
 * equals that turn field by field.
 */
export async function messageReadsBack(w: World, who: Who, reply: Reply): Promise<void> {
  const posted = parseJsonLossless(reply.text) as {id: string; channel: string}
  expect(posted.id, `an accepted post returned no id: ${reply.text.slice(0, 200)}`).to.be.a('string')
  const led = await w.send({as: who, method: 'GET', path: `/channels/${encodeURIComponent(posted.channel)}/ledger?verify=false`})
  expect(led.status, `GET ledger of ${posted.channel}: ${led.text.slice(0, 200)}`).to.equal(200)
  const report = parseJsonLossless(led.text) as LedgerReport
  const at = report.turns.findIndex((t) => t.id === posted.id)
  expect(at, `accepted message ${posted.id} is not in the ledger of ${posted.channel}`).to.be.at.least(0)
  const turn = report.turns[at] as LedgerTurn & Record<string, unknown>
  const prev = report.turns.slice(0, at).reverse().find((t) => t.hash != null)?.hash ?? ''
  const recompute = (f: () => string) => { try { return f() } catch (err) { return `<cannot recompute: ${(err as Error).message}>` } }
  expect({protocol: recompute(() => ledgerHash(prev, turnPayload(report.channel, turn))), tests: recompute(() => turnHash(report.channel, turn, prev))},
    `the hash stored for ${posted.id} does not follow from what its ledger turn serves`).to.deep.equal({protocol: turn.hash, tests: turn.hash})
  const read = await w.send({as: who, method: 'GET', path: `/channels/${encodeURIComponent(posted.channel)}/messages/${posted.id}`})
  expect(read.status, `reading back ${posted.id}: ${read.text.slice(0, 200)}`).to.equal(200)
  const served = (parseJsonLossless(read.text) as Array<Record<string, unknown>>).find((m) => m.id === posted.id)
  expect(served, `GET /messages/${posted.id} does not include the message`).to.not.equal(undefined)
  for (const k of SERVED) expect(canon(served![k]), `served ${k} of ${posted.id} differs from the hashed ${k}`).to.equal(canon(turn![k]))
}

/** An accepted store put: the key reads back with the value sent (lone surrogates possibly as U+FFFD). */
export async function storeReadsBack(w: World, who: Who, path: string, sentJson: string, reply: Reply): Promise<void> {
  const read = await w.send({as: who, method: 'GET', path})
  expect(read.status, `GET ${path} after an accepted put: ${read.text.slice(0, 200)}`).to.equal(200)
  const got = canon((parseJsonLossless(read.text) as {value: unknown}).value)
  const value = (parseJsonLossless(sentJson) as {value: unknown}).value
  // Only text with a \u-escaped surrogate can hold a lone one; skipping the walk otherwise keeps deep values off the stack.
  let repaired = canon(value)
  if (/\\u[dD][89a-fA-F]/.test(sentJson)) try { repaired = canon(deepWellFormed(value)) } catch { /* too deep to walk: compare as sent */ }
  expect([canon(value), repaired], `store value served for ${path} (version ${(reply.body as {version?: unknown})?.version})`).to.include(got)
}

/** An accepted fs put: the file reads back with the content sent (lone surrogates possibly as U+FFFD). */
export async function fileReadsBack(w: World, who: Who, path: string, sent: {content?: unknown; content_b64?: unknown}): Promise<void> {
  const read = await w.send({as: who, method: 'GET', path})
  expect(read.status, `GET ${path} after an accepted put: ${read.text.slice(0, 200)}`).to.equal(200)
  const file = read.body as {content?: string | null; content_b64?: string | null}
  if (typeof sent.content === 'string') expect([sent.content, wellFormed(sent.content)], `content served for ${path}`).to.include(file.content)
  if (typeof sent.content_b64 === 'string') expect(file.content_b64, `content_b64 served for ${path}`).to.equal(sent.content_b64)
}
