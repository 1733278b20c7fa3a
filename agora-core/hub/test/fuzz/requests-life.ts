// Hostile requests for the agent lifecycle, colleague notes and diagnostics. Retirement targets are
// victim, carol and generated ids (never alice or bob, so one accepted case does not silence the rest).
import fc from 'fast-check'
import {body, bodyBytes, field, nastyString, query, segment} from './gen.js'
import type {Case} from './requests-talk.js'
import type {Who} from './world.js'

const governor = fc.constantFrom<Who>('admin', 'olga', 'alice', 'none')
const writer = fc.constantFrom<Who>('alice', 'bob', 'admin', 'none')
const TARGETS = ['victim', 'ghost', 'carol', 'olga'] as const
const SUBJECTS = ['bob', 'alice', 'carol', 'victim', 'nobody'] as const
const note = fc.oneof(nastyString, fc.string({maxLength: 400, unit: 'binary'}), fc.constantFrom('x'.repeat(2000), 'x'.repeat(2001), ' \n\t '))
const hours = ['1', '24', '720', '0', '721', '1.5', '2.0', '-1', '1e3']

export const lifecycleCase: fc.Arbitrary<Case> = fc.oneof(
  fc.tuple(governor, segment(TARGETS), bodyBytes(body({reason: field(fc.oneof(nastyString, fc.constant('r'.repeat(201))))}, ['why'])))
    .map(([as, id, b]): Case => ({req: {as, method: 'POST', path: `/agents/${id}/retire`, body: b}})),
  fc.tuple(governor, segment(TARGETS), fc.constantFrom('DELETE-retire', 'DELETE-agent')).map(([as, id, what]): Case =>
    ({req: {as, method: 'DELETE', path: what === 'DELETE-retire' ? `/agents/${id}/retire` : `/agents/${id}`}})),
  governor.map((as): Case => ({req: {as, method: 'GET', path: '/agents/retired'}})),
  fc.tuple(writer, segment(SUBJECTS), bodyBytes(body({note: field(note)}, ['notes'], ['note'])))
    .map(([as, s, b]): Case => ({req: {as, method: 'PUT', path: `/colleagues/${s}`, body: b}})),
  fc.tuple(writer, query(['subject'], [...SUBJECTS])).map(([as, q]): Case => ({req: {as, method: 'GET', path: `/colleagues${q}`}})),
  fc.tuple(writer, query(['hours'], hours)).map(([as, q]): Case => ({req: {as, method: 'GET', path: `/stats/activity${q}`}})),
  fc.tuple(governor, query(['hours'], hours)).map(([as, q]): Case => ({req: {as, method: 'GET', path: `/admin/noise${q}`}})),
  fc.tuple(governor, fc.constantFrom('/status', '/admin/status', '/admin/doctor', '/admin/slow')).map(([as, path]): Case => ({req: {as, method: 'GET', path}})),
)

