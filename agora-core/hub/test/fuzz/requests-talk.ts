// Hostile requests for the talking routes: agents, channels, DMs, groups, messages, votes, inbox.
// Each case carries the request and, for writes whose result can be read back, what to check.
import fc from 'fast-check'
import {anyValue, body, bodyBytes, deepJson, field, freshId, hugeNumber, ident, mostly, nastyString, pct, query, segment, wideJson} from './gen.js'
import type {Req, Who} from './world.js'

export interface Case {req: Req; readback?: 'message' | 'store' | 'file' | 'agent'; sent?: string}

const SEATS = ['alice', 'bob', 'carol', 'olga', 'victim'] as const
const CHANNELS = ['room', 'pub', 'dm:alice--bob', 'nope', 'hub-alerts'] as const
const seat = fc.constantFrom<Who>('alice', 'bob', 'carol')
const who = fc.constantFrom<Who>('alice', 'bob', 'carol', 'olga', 'victim', 'admin', 'none')
const ULIDISH = fc.constantFrom('01ARZ3NDEKTSV4RRFFQ69G5FAV', '0', '%00', '..', 'by-seq')

const json = (v: fc.Arbitrary<unknown>) => bodyBytes(v)
const text = fc.oneof({weight: 3, arbitrary: nastyString}, {weight: 1, arbitrary: fc.string({maxLength: 200, unit: 'binary'})})

/** POST /agents, PUT /me/about, GET /whoami, PUT /presence, join tokens. */
export const agentCase: fc.Arbitrary<Case> = fc.oneof(
  fc.tuple(fc.constantFrom<Who>('admin', 'admin', 'olga', 'alice'), json(body({
    id: field(fc.oneof(freshId, ident(['zed', 'bob', 'alice', 'hub', 'new-seat']))), name: field(text), about: field(text), mission: field(text), operator: field(fc.boolean()),
  }, ['operater', 'ID']))).map(([as, b]) => ({req: {as, method: 'POST' as const, path: '/agents', body: b}, readback: 'agent' as const})),
  fc.tuple(seat, json(body({about: field(text)}, ['About']))).map(([as, b]) => ({req: {as, method: 'PUT' as const, path: '/me/about', body: b}})),
  fc.tuple(seat, json(body({state: field(fc.constantFrom('idle', 'working', 'Idle', 'idle\u200b'))}))).map(([as, b]) => ({req: {as, method: 'PUT' as const, path: '/presence', body: b}})),
  fc.tuple(who, segment(SEATS)).map(([as, s]) => ({req: {as, method: 'GET' as const, path: `/presence/${s}`}})),
  fc.tuple(who, query(['full'])).map(([as, q]) => ({req: {as, method: 'GET' as const, path: `/charter${q}`}})),
  who.map((as) => ({req: {as, method: 'GET' as const, path: '/whoami'}})),
  fc.tuple(fc.constantFrom<Who>('admin', 'alice'), json(body({
    agent_id: field(ident(['newbie', 'bob'])), about: field(text), channels: field(fc.array(ident(CHANNELS), {maxLength: 3})),
    ttl_seconds: field(fc.oneof(fc.integer(), hugeNumber)), max_uses: field(fc.oneof(fc.integer({min: -1, max: 101}), hugeNumber)),
  }))).map(([as, b]) => ({req: {as, method: 'POST' as const, path: '/join-tokens', body: b}})),
  json(body({token: field(fc.oneof(nastyString, fc.constant('AGORA1.x'))), agent_id: field(ident(['joiner'])), about: field(text)}))
    .map((b) => ({req: {as: 'none' as const, method: 'POST' as const, path: '/join', body: b}})),
)

/** Channel create/join/invite/leave, DMs, groups, owner transfer and archive. */
export const channelCase: fc.Arbitrary<Case> = fc.oneof(
  fc.tuple(seat, json(body({name: field(fc.oneof(freshId, ident(['room2', 'pub', 'team', 'dm:x', 'hub']))), private: field(fc.boolean())}, ['privat']))).map(([as, b]) =>
    ({req: {as, method: 'POST' as const, path: '/channels', body: b}})),
  fc.tuple(seat, segment(CHANNELS), json(body({invite_token: field(fc.oneof(nastyString, fc.constant('invite_' + '0'.repeat(48))))}))).map(([as, c, b]) =>
    ({req: {as, method: 'POST' as const, path: `/channels/${c}/join`, body: b}})),
  fc.tuple(seat, segment(CHANNELS), json(body({agent_id: field(ident(SEATS)), ttl_seconds: field(fc.oneof(fc.integer(), hugeNumber))}))).map(([as, c, b]) =>
    ({req: {as, method: 'POST' as const, path: `/channels/${c}/invites`, body: b}})),
  fc.tuple(fc.constantFrom<Who>('carol', 'victim'), segment(CHANNELS)).map(([as, c]) => ({req: {as, method: 'POST' as const, path: `/channels/${c}/leave`}})),
  fc.tuple(seat, segment(SEATS), fc.boolean(), json(body({body: field(text), status: field(fc.constantFrom('fyi', 'open'))}))).map(([as, p, msg, b]) =>
    ({req: {as, method: 'POST' as const, path: msg ? `/dms/${p}/messages` : `/dms/${p}`, body: msg ? b : undefined}, readback: msg ? 'message' as const : undefined})),
  fc.tuple(seat, json(body({
    name: field(fc.oneof(freshId, ident(['grp', 'team', 'room']))), purpose: field(text), opening_post: field(text), private: field(fc.boolean()),
    members: field(fc.oneof(fc.array(ident(SEATS), {maxLength: 4}), fc.constantFrom(99, 100, 101, 1000, 20_000).map((n) =>
      Array.from({length: n}, (_, i) => (i % 3 ? `ghost${i}` : 'bob'))))),
  }))).map(([as, b]) => ({req: {as, method: 'POST' as const, path: '/groups', body: b}})),
  fc.tuple(seat, segment(CHANNELS), json(body({to: field(ident(SEATS))}))).map(([as, c, b]) => ({req: {as, method: 'PUT' as const, path: `/channels/${c}/owner`, body: b}})),
  fc.tuple(seat, segment(['nope', 'dm:alice--bob']), fc.constantFrom('POST', 'DELETE') as fc.Arbitrary<'POST' | 'DELETE'>).map(([as, c, method]) =>
    ({req: {as, method, path: `/channels/${c}/archive`}})),
  fc.tuple(who, query(['include_archived'])).map(([as, q]) => ({req: {as, method: 'GET' as const, path: `/channels${q}`}})),
  fc.tuple(who, segment(CHANNELS), fc.constantFrom('info', 'members', 'digest', 'charter', 'charter/receipts')).map(([as, c, r]) =>
    ({req: {as, method: 'GET' as const, path: `/channels/${c}/${r}`}})),
)


/** A `data` object: structured keys (asks, answers, consumes, vote) with hostile contents, or free hostile JSON. */
const dataValue: fc.Arbitrary<unknown> = fc.oneof(
  {weight: 4, arbitrary: fc.dictionary(nastyString, anyValue, {maxKeys: 3})},
  fc.record({asks: field(fc.array(body({id: field(nastyString), text: field(text), to: field(fc.array(ident(SEATS), {maxLength: 2})), assignee: field(ident(SEATS))}), {maxLength: 3}))}),
  fc.record({answers: field(fc.array(nastyString, {maxLength: 2})), declines: field(fc.array(nastyString, {maxLength: 2}))}),
  fc.record({consumes: field(fc.array(fc.oneof(nastyString, fc.constantFrom('#1', 'room#1', '#18446744073709551616')), {maxLength: 3}))}),
  fc.record({vote: field(body({topic: field(text), options: field(fc.array(text, {maxLength: 4})), tag: field(nastyString),
    ballots: field(fc.constantFrom('dm', 'channel')), closes_at: field(fc.oneof(fc.double(), hugeNumber))}))}),
  {weight: 3, arbitrary: fc.record({payload: fc.oneof(deepJson, wideJson, hugeNumber)})},
)

/** A PostMessage body: hostile content in the common fields; addressing and threading fields only now and then. */
export const postFields: fc.Arbitrary<Record<string, unknown>> = fc.tuple(body({
  body: field(text), title: field(text), status: field(mostly(['fyi', 'open', 'blocked', 'fyi'], ['declined', 'FYI', 'fyi\u200b', 'reply'])),
  urgency: field(mostly(['inbox', 'next_turn', 'interrupt'], ['now'])), data: field(dataValue), signature: field(text),
}, ['settles', 'answer', 'evidence', 'Body', 'asks', 'address_dark']), fc.oneof({weight: 3, arbitrary: fc.constant({})}, {weight: 1, arbitrary: fc.record({
  to: field(fc.array(mostly(['alice', 'bob'], ['carol', 'bob\u200b', 'b\u043eb']), {maxLength: 3})),
  reply_to: field(fc.oneof(ULIDISH, nastyString)), critical: field(fc.boolean()),
}, {requiredKeys: []})})).map(([b, rare]) => ({...b, ...rare}))
const postBody = json(postFields)

/** Posts, replies, retractions, history queries and reads. */
export const messageCase: fc.Arbitrary<Case> = fc.oneof(
  {weight: 6, arbitrary: fc.tuple(mostly<Who>(['alice', 'bob'], ['carol', 'none']), segment(['room', 'pub']), postBody).map(([as, c, b]) =>
    ({req: {as, method: 'POST' as const, path: `/channels/${c}/messages`, body: b}, readback: 'message' as const}))},
  {weight: 1, arbitrary: fc.tuple(fc.constantFrom<Who>('alice', 'bob', 'admin'), segment(['room', 'pub']), ULIDISH.map(pct), fc.constantFrom('retract', 'retract_thread'))
    .map(([as, c, id, op]) => ({req: {as, method: 'POST' as const, path: `/channels/${c}/messages/${id}/${op}`}}))},
  {weight: 2, arbitrary: fc.tuple(who, segment(['room', 'pub', 'nope']), query(['since', 'limit', 'sort'], ['0', '1', '1000', 'recency', '1001'])).map(([as, c, q]) =>
    ({req: {as, method: 'GET' as const, path: `/channels/${c}/messages${q}`}}))},
  {weight: 1, arbitrary: fc.tuple(seat, segment(['room', 'pub']), fc.oneof(ULIDISH, nastyString.map(pct), fc.constantFrom('by-seq/1', 'by-seq/0', 'by-seq/1e400', 'by-seq/-1', 'by-seq/%zz')))
    .map(([as, c, id]) => ({req: {as, method: 'GET' as const, path: `/channels/${c}/messages/${id}`}}))},
  {weight: 1, arbitrary: fc.tuple(seat, segment(['room', 'pub']), query(['verify'], ['true', 'false', '1', 'TRUE'])).map(([as, c, q]) =>
    ({req: {as, method: 'GET' as const, path: `/channels/${c}/ledger${q}`}}))},
)

/** Inbox, ack and owed. */
export const inboxCase: fc.Arbitrary<Case> = fc.oneof(
  // Never a wait of 1..55: a long-poll would hold the case for that long; everything else is fair game.
  fc.tuple(who, fc.array(fc.constantFrom('wait=0', 'wait=56', 'wait=-1', 'wait=1e400', 'wait=0.5', 'wait=%zz', 'wait=', 'wait[]=0', 'wiat=0', '%ED%A0%80=1'), {maxLength: 2}))
    .map(([as, q]) => ({req: {as, method: 'GET' as const, path: `/inbox${q.length ? '?' + q.join('&') : ''}`}})),
  fc.tuple(who, json(body({cursors: field(fc.oneof(
    fc.dictionary(fc.oneof(fc.constantFrom('room', 'pub', 'dm:alice--bob', 'nope'), nastyString), fc.oneof(fc.nat(10), hugeNumber, anyValue), {maxKeys: 3}),
    wideJson, deepJson))}, ['cursor'])))
    .map(([as, b]) => ({req: {as, method: 'POST' as const, path: '/inbox/ack', body: b}})),
  fc.tuple(who, fc.constantFrom('0', '1', 'yes')).map(([as, r]) => ({req: {as, method: 'GET' as const, path: '/owed', headers: {'x-agora-reception': r}}})),
)
