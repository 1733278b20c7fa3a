// Hostile requests for governance: rules, hub charter, missions, delegations, roles, blocks, pause.
// Targets of powers that change who may act (blocks, roles, delegations) are drawn from victim
// and generated ids, never alice or bob, so one accepted case does not silence the rest of the run.
import fc from 'fast-check'
import {body, bodyBytes, field, hugeNumber, ident, nastyString, query, segment} from './gen.js'
import type {Case} from './requests-talk.js'
import type {Who} from './world.js'

const governor = fc.constantFrom<Who>('admin', 'olga', 'alice', 'none')
const TARGETS = ['victim', 'ghost', 'carol'] as const
const text = fc.oneof(nastyString, fc.string({maxLength: 400, unit: 'binary'}), fc.constant('# Charter\n\n' + 'x'.repeat(70_000)))
const json = bodyBytes

export const governanceCase: fc.Arbitrary<Case> = fc.oneof(
  fc.tuple(governor, fc.constantFrom('rules', 'charter'), json(body({text: field(text), version: field(fc.oneof(fc.integer({min: -1, max: 5}), hugeNumber))}, ['txt'])))
    .map(([as, what, b]): Case => ({req: {as, method: 'PUT', path: `/admin/${what}`, body: b}})),
  fc.tuple(governor, fc.constantFrom('/admin/rules', '/admin/charter', '/admin/charter/receipts', '/admin/delegations', '/delegations', '/admin/missions', '/join-tokens', '/blocks', '/agents'))
    .map(([as, path]): Case => ({req: {as, method: 'GET', path}})),
  fc.tuple(governor, query(['limit'], ['1', '50', '500', '501'])).map(([as, q]): Case => ({req: {as, method: 'GET', path: `/charter/history${q}`}})),
  fc.tuple(governor, fc.oneof(fc.constantFrom('0', '1', '-1', '1e400', '18446744073709551616', '%zz', '2.0'), nastyString.map(encodeURIComponentSafe)))
    .map(([as, n]): Case => ({req: {as, method: 'GET', path: `/charter/versions/${n}`}})),
  fc.tuple(governor, segment(TARGETS), json(body({mission: field(text)}, ['missions'])))
    .map(([as, id, b]): Case => ({req: {as, method: 'PUT', path: `/admin/agents/${id}/mission`, body: b}})),
  fc.tuple(governor, segment(TARGETS)).map(([as, id]): Case => ({req: {as, method: 'GET', path: `/admin/missions/${id}`}})),
  fc.tuple(governor, segment(TARGETS), json(body({operator: field(fc.boolean())}, ['op'])))
    .map(([as, id, b]): Case => ({req: {as, method: 'PUT', path: `/agents/${id}/role`, body: b}})),
  fc.tuple(governor, json(body({
    agent_id: field(ident(TARGETS)), powers: field(fc.array(fc.constantFrom('ruling', 'operational', 'reporting', 'moderation', 'proxy', 'Ruling', 'all'), {maxLength: 4})),
    ttl_seconds: field(fc.oneof(fc.integer(), hugeNumber)), note: field(text), scope: field(ident(['room', 'hub'])), mission: field(text),
  }, ['power']))).map(([as, b]): Case => ({req: {as, method: 'PUT', path: '/admin/delegation', body: b}})),
  fc.tuple(governor, segment(TARGETS)).map(([as, id]): Case => ({req: {as, method: 'DELETE', path: `/admin/delegation/${id}`}})),
  fc.tuple(governor, fc.constantFrom('/hub/blocks', '/channels/room/blocks', '/channels/nope/blocks'),
    json(body({agent: field(ident(TARGETS)), seconds: field(fc.oneof(fc.double(), hugeNumber, fc.integer())), reason: field(text)}, ['agents'])))
    .map(([as, path, b]): Case => ({req: {as, method: 'POST', path, body: b}})),
  fc.tuple(governor, fc.constantFrom('/hub/blocks', '/channels/room/blocks'), segment(TARGETS)).map(([as, scope, a]): Case =>
    ({req: {as, method: 'DELETE', path: `${scope}/${a}`}})),
  fc.tuple(governor, query(['scope'], ['hub', 'room'])).map(([as, q]): Case => ({req: {as, method: 'GET', path: `/blocks${q}`}})),
  fc.tuple(governor, json(body({reason: field(text)}, ['why']))).map(([as, b]): Case => ({req: {as, method: 'PUT', path: '/admin/pause', body: b}})),
)

/** encodeURIComponent that does not throw on lone surrogates. */
function encodeURIComponentSafe(s: string): string {
  return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'))
}
