import {expect} from 'chai'
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {RAW_ROUTES, ROUTES} from '@agora/protocol'
import {the} from '../../../../test/helpers/present.js'

const ROUTES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/routes')

/** One route handler as written in a route module: its key (`get /channels/{c}/info`) and its source text. */
interface Handler {file: string; line: number; route: string; source: string}

function handlers(dir: string): Handler[] {
  const out: Handler[] = []
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8')
    const starts = [...text.matchAll(/\br\.(get|post|put|delete)\(\s*'([^']+)'/g)]
    starts.forEach((m, i) => {
      const end = i + 1 < starts.length ? the(starts, i + 1).index : text.length
      out.push({file, line: text.slice(0, m.index).split('\n').length, route: `${m[1]} ${the(m, 2).replace(/[:*](\w+)/g, '{$1}')}`, source: text.slice(m.index, end)})
    })
  }
  return out
}

/**
 * `file:line: what` for every route whose success answer is not typed by @agora/protocol: a handler
 * must answer through `answer(res, '<its own route>', value)` (or `answerJson` for pre-rendered wire
 * JSON), its route must have a schema in ROUTES (or be a raw route), and no helper in a route module
 * may return `Record<string, unknown>`. A bare `send(res, …)` is allowed only for a refusal (`{detail}`).
 */
function untypedOutputs(dir: string): string[] {
  const out: string[] = []
  for (const h of handlers(dir)) {
    const where = `${h.file}:${h.line}: ${h.route}`
    if (!(h.route in ROUTES) && !(h.route in RAW_ROUTES)) out.push(`${where}: no answer schema in @agora/protocol ROUTES`)
    for (const m of h.source.matchAll(/\b(send|sendJson)\(res, (\{detail)?/g)) if (!m[2]) out.push(`${where}: answers with ${m[1]}(), which takes any value; use answer(res, '${h.route}', …)`)
    for (const m of h.source.matchAll(/\banswer(?:Json)?\(res, '([^']+)'/g)) if (m[1] !== h.route) out.push(`${where}: answers as '${m[1]}'`)
    if (h.route in ROUTES && !/\banswer(?:Json)?\(res, '/.test(h.source)) out.push(`${where}: never calls answer()`)
  }
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    readFileSync(join(dir, file), 'utf8').split('\n').forEach((line, i) => {
      if (/\)\s*:\s*(Promise<)?(Array<)?Record<string, unknown>/.test(line)) out.push(`${file}:${i + 1}: returns Record<string, unknown>`)
    })
  }
  return out
}

describe('route outputs are typed by @agora/protocol', () => {
  it('has every route module answer through answer() with its own route key and a protocol schema', () => {
    expect(untypedOutputs(ROUTES_DIR)).to.deep.equal([])
  })

  it('lists in the protocol exactly the routes the route modules declare (plus GET /openapi.json)', () => {
    const declared = new Set([...handlers(ROUTES_DIR).map((h) => h.route), 'get /openapi.json'])
    expect([...Object.keys(ROUTES), ...Object.keys(RAW_ROUTES)].filter((route) => !declared.has(route))).to.deep.equal([])
  })

  it('reports an untyped answer, a wrong route key, a route without a schema and a helper returning Record<string, unknown>, naming file and line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-routes-'))
    try {
      writeFileSync(join(dir, 'bad.ts'), [
        "r.get('/whoami', async (req, res) => send(res, {id: 'x'}))",
        "r.get('/healthz', async (req, res) => answer(res, 'get /', {}))",
        "r.get('/nowhere', async (req, res) => { if (x) send(res, {detail: 'no'}, 404); answer(res, 'get /nowhere', {}) })",
        'function row(): Record<string, unknown> { return {} }',
        'const query = req.query as Record<string, unknown>',
      ].join('\n'))
      expect(untypedOutputs(dir)).to.deep.equal([
        "bad.ts:1: get /whoami: answers with send(), which takes any value; use answer(res, 'get /whoami', …)",
        'bad.ts:1: get /whoami: never calls answer()',
        "bad.ts:2: get /healthz: answers as 'get /'",
        'bad.ts:3: get /nowhere: no answer schema in @agora/protocol ROUTES',
        'bad.ts:4: returns Record<string, unknown>',
      ])
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
})
