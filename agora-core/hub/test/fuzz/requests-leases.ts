// Hostile requests for workspace leases: take (in a room), renew, release (an operator's for another
// holder too), check and list. Most bodies are well formed and aim at a few overlapping paths in two
// workspaces with the shortest TTLs, so takes conflict, leases lapse while the run goes on, and
// refusals meet expired rows: the state a refused take must still leave untouched.
import fc from 'fast-check'
import {body, bodyBytes, field, hugeNumber, nastyString, pct, segment} from './gen.js'
import type {Case} from './requests-talk.js'
import type {Who} from './world.js'

const holder = fc.constantFrom<Who>('alice', 'bob', 'alice', 'bob', 'carol')
const chan = fc.oneof({weight: 8, arbitrary: fc.constantFrom('room', 'pub')}, {weight: 1, arbitrary: segment(['room', 'pub', 'nope'])})
const WORKSPACES = ['github.com/acme/app@1a2b3c4d5e6f', 'local@0123456789ab'] as const
const workspace = fc.oneof(
  {weight: 8, arbitrary: fc.constantFrom(...WORKSPACES)},
  {weight: 1, arbitrary: nastyString},
  {weight: 1, arbitrary: fc.constantFrom('', 'x'.repeat(600), 'GitHub.com/Acme/App@1A2B3C4D5E6F', ' local@0123456789ab')},
)
const path = fc.oneof(
  {weight: 8, arbitrary: fc.constantFrom('src/**', 'src/api/**', 'src/api/users.ts', 'docs/a.md', '*.md', 'README.md')},
  {weight: 1, arbitrary: nastyString},
  {weight: 1, arbitrary: fc.constantFrom('../etc', '/abs', 'a//b', '', '**', 'x'.repeat(600), 'src/./a', 'SRC/API/**', 'C:\\x')},
)
const paths = fc.oneof(
  {weight: 10, arbitrary: fc.array(path, {minLength: 1, maxLength: 3})},
  {weight: 1, arbitrary: fc.constantFrom([], Array.from({length: 201}, (_, i) => `f${i}.md`))},
)
/** Mostly the 10 s minimum, so leases taken early in a run have lapsed by its end. */
const ttl = fc.oneof({weight: 6, arbitrary: fc.constantFrom(10, 11, 10.5)}, {weight: 2, arbitrary: fc.constantFrom(60, 86400, 9, 0, -1, 86401)}, {weight: 1, arbitrary: hugeNumber})
const json = bodyBytes

/** A well-formed take of the shared paths (plain JSON, no mutation): the cases that lease, conflict and lapse. */
const cleanTake = fc.tuple(holder, fc.constantFrom('room', 'pub'), fc.constantFrom(...WORKSPACES), fc.array(fc.constantFrom('src/**', 'src/api/**', 'src/api/users.ts', 'docs/a.md', '*.md'), {minLength: 1, maxLength: 2}),
  fc.constantFrom('exclusive', 'shared', 'exclusive'), fc.constantFrom(10, 11, 30))
  .map(([as, c, ws, ps, mode, ttl_s]): Case => ({req: {as, method: 'POST', path: `/channels/${c}/leases`, body: Buffer.from(JSON.stringify({workspace: ws, paths: ps, mode, ttl_s}))}}))

export const leaseCase: fc.Arbitrary<Case> = fc.oneof(
  {weight: 6, arbitrary: cleanTake},
  {weight: 5, arbitrary: fc.tuple(holder, chan, json(body({workspace: field(workspace), paths: field(paths), mode: field(fc.constantFrom('exclusive', 'shared', 'Exclusive')),
    ttl_s: field(ttl), note: field(nastyString)}, ['path', 'ttl'], ['workspace', 'paths'])))
    .map(([as, c, b]): Case => ({req: {as, method: 'POST', path: `/channels/${c}/leases`, body: b}}))},
  {weight: 2, arbitrary: fc.tuple(holder, json(body({workspace: field(workspace), paths: field(paths), ttl_s: field(ttl)}, ['path'], ['workspace'])))
    .map(([as, b]): Case => ({req: {as, method: 'POST', path: '/leases/renew', body: b}}))},
  {weight: 2, arbitrary: fc.tuple(fc.constantFrom<Who>('alice', 'bob', 'carol', 'olga'), json(body({workspace: field(workspace), paths: field(paths),
    holder: field(fc.constantFrom('alice', 'bob', 'carol', 'ghost'))}, ['holders'], ['workspace'])))
    .map(([as, b]): Case => ({req: {as, method: 'POST', path: '/leases/release', body: b}}))},
  {weight: 2, arbitrary: fc.tuple(holder, json(body({workspace: field(workspace), paths: field(paths)}, [], ['workspace', 'paths'])))
    .map(([as, b]): Case => ({req: {as, method: 'POST', path: '/leases/check', body: b}}))},
  {weight: 1, arbitrary: fc.tuple(holder, workspace, fc.option(fc.constantFrom('alice', 'bob', 'ghost')))
    .map(([as, ws, who]): Case => ({req: {as, method: 'GET', path: `/leases?workspace=${pct(ws)}${who === null ? '' : `&holder=${who}`}`}}))},
)
