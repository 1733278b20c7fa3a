// Hostile requests for the data routes: store put/get/delete, fs put/get/delete/history, attachments.
import fc from 'fast-check'
import {anyValue, badPct, body, bodyBytes, deepJson, field, freshId, hugeNumber, ident, nastyString, pct, query, segment, wideJson} from './gen.js'
import type {Case} from './requests-talk.js'
import type {Who} from './world.js'

const member = fc.constantFrom<Who>('alice', 'bob', 'alice', 'bob', 'carol')
const CHANNELS = ['room', 'pub', 'nope'] as const
/** Mostly a channel the cast belongs to: hostile channel names are the messages family's job; here the content is. */
const chan = fc.oneof({weight: 8, arbitrary: fc.constantFrom('room', 'pub')}, {weight: 1, arbitrary: segment(CHANNELS)})
const KEYS = ['k', 'notes', 'channel:meta', 'fs/x', 'a.b'] as const
const PATHS = ['a.md', 'dir/b.txt', 'channel/charter.md', 'x.bin', 'deep/er/c.md'] as const

/** A store key or fs path: plain, hostile, percent-encoded, with broken encoding, traversal, or over 512 characters. */
const key = (good: readonly string[]) => fc.oneof(
  {weight: 4, arbitrary: fc.constantFrom(...good).map(pct)},
  {weight: 2, arbitrary: fc.tuple(freshId, nastyString).map(([a, b]) => pct(a + b))},
  {weight: 3, arbitrary: ident(good).map(pct)},
  {weight: 1, arbitrary: fc.tuple(fc.constantFrom(...good), badPct).map(([g, b]) => g + b)},
  {weight: 1, arbitrary: fc.constantFrom('../x', 'a//b', 'a/./b', '%2Fabs', 'a%5Cb', '%20lead', 'x'.repeat(513), 'x'.repeat(512), 'a/' + 'b/'.repeat(100) + 'c')},
)

const storeValue = fc.oneof(anyValue, deepJson, wideJson, hugeNumber, fc.record({purpose: field(nastyString)}))

/** A put with its JSON text kept, so an accepted value can be compared with what was sent. */
const storePut = fc.tuple(member, chan, key(KEYS), body({value: field(storeValue), expect_version: field(fc.oneof(fc.nat(3), hugeNumber))}, ['expect'], ['value']))
  .chain(([as, c, k, b]) => bodyBytes(fc.constant(b)).map((bytes): Case => ({
    req: {as, method: 'PUT', path: `/channels/${c}/store/${k}`, body: bytes},
    readback: 'store', sent: bytes?.toString('utf8'),
  })))

export const storeCase: fc.Arbitrary<Case> = fc.oneof(
  {weight: 4, arbitrary: storePut},
  {weight: 1, arbitrary: fc.tuple(member, chan, key(KEYS)).map(([as, c, k]): Case => ({req: {as, method: 'GET', path: `/channels/${c}/store/${k}`}}))},
  {weight: 1, arbitrary: fc.tuple(member, chan, key(KEYS)).map(([as, c, k]): Case => ({req: {as, method: 'DELETE', path: `/channels/${c}/store/${k}`}}))},
  {weight: 1, arbitrary: fc.tuple(member, chan).map(([as, c]): Case => ({req: {as, method: 'GET', path: `/channels/${c}/store`}}))},
)

const content = fc.oneof(nastyString, fc.string({maxLength: 300, unit: 'binary'}), fc.constant('x'.repeat(256 * 1024 + 1)))
const b64 = fc.oneof(fc.uint8Array({maxLength: 64}).map((u) => Buffer.from(u).toString('base64')), fc.constantFrom('abc', '====', 'eA', '\u00e9A==', 'eA==\n'))

/** Text or base64 content (exactly one, as the route asks), plus optional hostile metadata. */
const fsFields = (which: 'content' | 'content_b64') => body({
  [which]: field(which === 'content' ? content : b64), mime: field(fc.oneof(nastyString, fc.constantFrom('text/markdown', 'text/plain', 'x'.repeat(101)))),
  description: field(nastyString), expect_version: field(fc.oneof(fc.nat(3), hugeNumber)),
}, ['contents', 'version', which === 'content' ? 'content_b64' : 'content'], [which])
const fsPut = fc.tuple(member, chan, key(PATHS), fc.oneof({weight: 3, arbitrary: fsFields('content')}, {weight: 1, arbitrary: fsFields('content_b64')})).chain(([as, c, p, b]) => bodyBytes(fc.constant(b)).map((bytes): Case => ({
  req: {as, method: 'PUT', path: `/channels/${c}/fs/${p}`, body: bytes}, readback: 'file', sent: bytes?.toString('utf8'),
})))

export const fsCase: fc.Arbitrary<Case> = fc.oneof(
  {weight: 4, arbitrary: fsPut},
  {weight: 1, arbitrary: fc.tuple(member, chan, key(PATHS), query(['version'], ['1', '0', '99'])).map(([as, c, p, q]): Case =>
    ({req: {as, method: 'GET', path: `/channels/${c}/fs/${p}${q}`}}))},
  {weight: 1, arbitrary: fc.tuple(member, chan, key(PATHS), query(['expect_version'], ['1', '0', '9'])).map(([as, c, p, q]): Case =>
    ({req: {as, method: 'DELETE', path: `/channels/${c}/fs/${p}${q}`}}))},
  {weight: 1, arbitrary: fc.tuple(member, chan, key(PATHS), query(['since_seq', 'limit'], ['0', '1', '1000', '1001'])).map(([as, c, p, q]): Case =>
    ({req: {as, method: 'GET', path: `/channels/${c}/fshist/${p}${q}`}}))},
  {weight: 1, arbitrary: fc.tuple(member, segment(CHANNELS), query(['prefix'], ['a', 'dir/', ''])).map(([as, c, q]): Case =>
    ({req: {as, method: 'GET', path: `/channels/${c}/fs${q}`}}))},
)

/** Raw-byte uploads with hostile filenames and content types, and reads of hostile ids. */
export const attachmentCase: fc.Arbitrary<Case> = fc.oneof(
  fc.tuple(member, segment(CHANNELS), query(['filename'], ['a.png', 'notes.txt', '../../etc/passwd', 'a"b.txt', 'x\r\ny']),
    fc.uint8Array({maxLength: 256}), fc.constantFrom('image/png', 'text/html', 'application/json', '', 'x\u00e9/y', 'text/plain; charset=\u00ff'))
    .map(([as, c, q, bytes, type]): Case => ({req: {as, method: 'POST', path: `/channels/${c}/attachments${q}`, body: Buffer.from(bytes),
      headers: {'content-type': Buffer.from(type, 'utf8').toString('latin1')}}})),
  fc.tuple(member, segment(CHANNELS), fc.oneof(nastyString.map(pct), badPct, fc.constantFrom('att_0', '..', 'x'.repeat(600)))).map(([as, c, id]): Case =>
    ({req: {as, method: 'GET', path: `/channels/${c}/attachments/${id}`}})),
)

/** The JSON value of `field` in a put's body text, or undefined when the text was not a JSON object. */
export function sentField(text: string | undefined, name: string): unknown {
  try { return (JSON.parse(text ?? '') as Record<string, unknown>)[name] } catch { return undefined }
}
