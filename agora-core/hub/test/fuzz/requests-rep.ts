// Hostile requests for reputation, search and thread closure: votes, ratings, leaderboards, /search, resolve_thread.
import fc from 'fast-check'
import {body, bodyBytes, field, hugeNumber, ident, nastyString, pct, query, segment} from './gen.js'
import type {Case} from './requests-talk.js'
import type {Who} from './world.js'

const seat = fc.constantFrom<Who>('alice', 'bob', 'carol', 'olga', 'admin', 'none')
const chan = fc.oneof({weight: 6, arbitrary: fc.constantFrom('room', 'pub')}, {weight: 1, arbitrary: segment(['room', 'pub', 'nope'])})
const target = fc.oneof({weight: 4, arbitrary: fc.constantFrom('alice', 'bob', 'carol', 'olga')}, {weight: 2, arbitrary: ident(['alice', 'bob']).map(pct)})
/** A message named by seq (mostly ones that exist) or by something that is not a message id. */
const ref = fc.oneof({weight: 4, arbitrary: fc.constantFrom('1', '2', '3', '%233', '4')}, {weight: 1, arbitrary: fc.constantFrom('0', '99999', '01ARZ3NDEKTSV4RRFFQ69G5FAV', '-1', '1.5')},
  {weight: 1, arbitrary: nastyString.map(pct)})
const value = fc.oneof({weight: 4, arbitrary: fc.constantFrom(1, -1)}, {weight: 1, arbitrary: fc.constantFrom(0, 2, 1.0000001, '1', true)}, {weight: 1, arbitrary: hugeNumber})
const note = fc.oneof(nastyString, fc.constant('n'.repeat(281)), fc.constant('n'.repeat(280)))
const axis = fc.oneof({weight: 4, arbitrary: fc.constantFrom('trust', 'wisdom', 'thorough', 'helper')}, {weight: 1, arbitrary: nastyString})

const withBody = (as: Who, method: 'PUT' | 'POST', path: string, b: fc.Arbitrary<unknown>): fc.Arbitrary<Case> =>
  bodyBytes(b).map((bytes): Case => ({req: {as, method, path, body: bytes}}))

export const reputationCase: fc.Arbitrary<Case> = fc.oneof(
  {weight: 3, arbitrary: fc.tuple(seat, chan, target).chain(([as, c, t]) => withBody(as, 'PUT', `/channels/${c}/reputation/${t}`,
    body({axis: field(axis), value: field(value), note: field(note)}, ['axes', 'val'], ['axis', 'value'])))},
  {weight: 3, arbitrary: fc.tuple(seat, chan, ref).chain(([as, c, m]) => withBody(as, 'PUT', `/channels/${c}/messages/${m}/rating`,
    body({value: field(value), note: field(note)}, ['values'], ['value'])))},
  {weight: 1, arbitrary: fc.tuple(seat, chan, target, query(['axis'], ['trust', 'helper', 'charm'])).map(([as, c, t, q]): Case =>
    ({req: {as, method: 'DELETE', path: `/channels/${c}/reputation/${t}${q}`}}))},
  {weight: 1, arbitrary: fc.tuple(seat, chan, ref).map(([as, c, m]): Case => ({req: {as, method: 'DELETE', path: `/channels/${c}/messages/${m}/rating`}}))},
  {weight: 1, arbitrary: fc.tuple(seat, chan, ref).map(([as, c, m]): Case => ({req: {as, method: 'GET', path: `/channels/${c}/messages/${m}/ratings`}}))},
  {weight: 1, arbitrary: fc.tuple(seat, chan, query(['target'], ['bob', 'x'])).map(([as, c, q]): Case => ({req: {as, method: 'GET', path: `/channels/${c}/reputation${q}`}}))},
  {weight: 1, arbitrary: fc.tuple(seat, query(['target'], ['bob'])).map(([as, q]): Case => ({req: {as, method: 'GET', path: `/reputation${q}`}}))},
  {weight: 1, arbitrary: fc.tuple(seat, chan, ref).chain(([as, c, m]) => withBody(as, 'POST', `/channels/${c}/messages/${m}/resolve_thread`,
    body({body: field(nastyString)}, ['bodies'])))},
)

export const searchCase: fc.Arbitrary<Case> = fc.tuple(seat, query(['q', 'channel', 'sender', 'kind', 'since', 'until', 'ref', 'rated', 'min_votes', 'sort', 'limit', 'mode'],
  ['x', 'room', 'pub', 'messages', 'up', 'votes', '"a', 'a AND (', '10', '51', 'semantic', 'room#1']))
  .map(([as, q]): Case => ({req: {as, method: 'GET', path: `/search${q}`}}))
