import {expect} from 'chai'
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')

/** What only the storage adapters (src/db/) may touch: the sync connection and its statements. */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/\bctx\.(q|sql)\b/, 'ctx.q / ctx.sql (use await ctx.db…)'],
  [/from '[./]*\/?db\/statements\.js'/, 'db/statements.js (only the SQLite adapter prepares statements)'],
  [/from 'better-sqlite3'/, 'better-sqlite3 (only src/db/ opens the file)'],
]

function files(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : []
  })
}

/** `file:line: what` for every use of the synchronous database outside src/db/. */
function syncDbUses(src: string): string[] {
  const out: string[] = []
  for (const file of files(src)) {
    const rel = relative(src, file)
    if (rel.startsWith('db/')) continue
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      for (const [re, what] of FORBIDDEN) if (re.test(line)) out.push(`${rel}:${i + 1}: ${what}`)
    })
  }
  return out
}

describe('storage port boundary', () => {
  it('keeps every service, route, ws and http file on the async port (no ctx.q, ctx.sql or statements outside src/db)', () => {
    expect(syncDbUses(SRC)).to.deep.equal([])
  })

  it('reports a service that reaches for ctx.q or ctx.sql, naming file and line', () => {
    const root = mkdtempSync(join(tmpdir(), 'agora-port-'))
    try {
      mkdirSync(join(root, 'services'), {recursive: true})
      mkdirSync(join(root, 'db'), {recursive: true})
      writeFileSync(join(root, 'services', 'bad.ts'), "export const f = (ctx: any) => ctx.q.get('SELECT 1')\nexport const g = (ctx: any) => ctx.sql.exec('x')\n")
      writeFileSync(join(root, 'db', 'ok.ts'), "import Database from 'better-sqlite3'\n")
      expect(syncDbUses(root)).to.deep.equal([
        'services/bad.ts:1: ctx.q / ctx.sql (use await ctx.db…)',
        'services/bad.ts:2: ctx.q / ctx.sql (use await ctx.db…)',
      ])
    } finally {
      rmSync(root, {recursive: true, force: true})
    }
  })
})
