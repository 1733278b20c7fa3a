import {readdirSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {expect} from 'chai'
import {replay, type Vector} from './replay.js'

const DATA = join(dirname(fileURLToPath(import.meta.url)), 'data')
/**
 * The reference's layer-1/2 vectors ship in data/; its later ones (05 ratings, 06-07 search, 08 to_close) are
 * checked independently. AGORA_VECTORS_DIR names a directory of more vector files to replay beside them (a
 * file there replaces data/'s of the same name): `AGORA_VECTORS_DIR=path/to/tests/vectors npx mocha …/vectors.test.ts`.
 */
const EXTRA = process.env.AGORA_VECTORS_DIR?.trim() || null
const vectorFiles = (dir: string): string[] => readdirSync(dir).filter((f) => /^\d\d_.*\.json$/.test(f))
const sources = new Map<string, string>(vectorFiles(DATA).map((f) => [f, join(DATA, f)]))
if (EXTRA) for (const f of vectorFiles(EXTRA)) sources.set(f, join(EXTRA, f))
const files = [...sources.keys()].sort()

describe('golden vectors', () => {
  it('finds the four layer-1/2 vectors, each well-formed', () => {
    expect(vectorFiles(DATA).sort()).to.deep.equal([
      '01_binary_obligation.json', '02_per_ask_discharge.json',
      '03_addressed_reply_debt.json', '04_groups_composite.json',
    ])
    for (const f of files) {
      const v = JSON.parse(readFileSync(sources.get(f)!, 'utf8'))
      expect(v.name, f).to.be.a('string').and.not.empty
      expect(v.setup, f).to.be.an('array').and.not.empty
      expect(v.expect, f).to.be.an('array').and.not.empty
    }
  })

  for (const f of files) {
    const vector: Vector = JSON.parse(readFileSync(sources.get(f)!, 'utf8'))
    it(`replays ${f.replace(/\.json$/, '')}: ${vector.name.slice(0, 90)}`, async function () {
      this.timeout(30000)
      // The reference runner replays 08 (to_close) with TO_CLOSE_MIN_AGE=0: a thread is closable at once.
      await replay(vector, f.startsWith('08_') ? {toCloseMinAge: 0} : {})
    })
  }
})
