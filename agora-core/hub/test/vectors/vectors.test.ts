import {readdirSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {expect} from 'chai'
import {replay, type Vector} from './replay.js'

const DATA = join(dirname(fileURLToPath(import.meta.url)), 'data')
const files = readdirSync(DATA).filter((f) => /^\d\d_.*\.json$/.test(f)).sort()

describe('golden vectors', () => {
  it('finds the four layer-1/2 vectors, each well-formed', () => {
    expect(files).to.deep.equal([
      '01_binary_obligation.json', '02_per_ask_discharge.json',
      '03_addressed_reply_debt.json', '04_groups_composite.json',
    ])
    for (const f of files) {
      const v = JSON.parse(readFileSync(join(DATA, f), 'utf8'))
      expect(v.name, f).to.be.a('string').and.not.empty
      expect(v.setup, f).to.be.an('array').and.not.empty
      expect(v.expect, f).to.be.an('array').and.not.empty
    }
  })

  for (const f of files) {
    const vector: Vector = JSON.parse(readFileSync(join(DATA, f), 'utf8'))
    it(`replays ${f.replace(/\.json$/, '')}: ${vector.name.slice(0, 90)}`, async function () {
      this.timeout(30000)
      await replay(vector)
    })
  }
})
