import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {createHub} from '../../src/index.js'
import type {Hub} from '../../src/index.js'

const README = resolve(dirname(fileURLToPath(import.meta.url)), '../../README.md')

/** The `METHOD /path` spans in the rows of the README's "Route index" table, as `get /channels/{c}/info`. */
export function indexedRoutes(readme: string): string[] {
  const start = readme.indexOf('### Route index')
  if (start < 0) return []
  const rest = readme.slice(start + 1)
  const end = rest.search(/\n#{2,3} /)
  const rows = (end < 0 ? rest : rest.slice(0, end)).split('\n').filter((line) => line.startsWith('|')).join('\n')
  return [...rows.matchAll(/`(GET|POST|PUT|DELETE) (\/[^`\s]*)`/g)].map((m) => `${(m[1] ?? '').toLowerCase()} ${m[2] ?? ''}`)
}

/** What one side lists and the other does not, both ways, sorted. */
export function routeDrift(documented: string[], served: string[]): {undocumented: string[]; notServed: string[]} {
  const doc = new Set(documented)
  const live = new Set(served)
  return {
    undocumented: [...live].filter((r) => !doc.has(r)).sort(),
    notServed: [...doc].filter((r) => !live.has(r)).sort(),
  }
}

describe('the hub README route index', () => {
  let hub: Hub
  before(async () => {
    hub = await createHub({db: ':memory:', port: 0, adminKey: 'readme-routes'})
  })
  after(async () => {
    await hub.close()
  })

  it('lists exactly the routes GET /openapi.json serves, each once', async () => {
    const doc = await (await fetch(`${hub.url}/openapi.json`)).json() as {paths: Record<string, Record<string, unknown>>}
    const served = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`))
    const documented = indexedRoutes(readFileSync(README, 'utf8'))
    expect(routeDrift(documented, served)).to.deep.equal({undocumented: [], notServed: []})
    expect(documented.length).to.equal(new Set(documented).size)
    expect(served.length).to.be.greaterThan(100)
  })

  it('names a served route the index leaves out and an indexed route nobody serves', () => {
    const readme = '# x\n\n### Route index\n\nProse names `GET /prose`.\n\n| f | w | `GET /a` · `POST /b/{c}` |\n\n## Next\n\n| `GET /elsewhere` |\n'
    expect(indexedRoutes(readme)).to.deep.equal(['get /a', 'post /b/{c}'])
    expect(routeDrift(indexedRoutes(readme), ['get /a', 'delete /z'])).to.deep.equal({undocumented: ['delete /z'], notServed: ['post /b/{c}']})
  })
})
