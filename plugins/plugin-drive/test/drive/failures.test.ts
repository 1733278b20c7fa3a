import {expect} from 'chai'
import {readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {appendFailure, redact} from '../../src/drive/failures.js'
import {tempHome} from '../helpers/home.js'

const record = (detail: string) => ({ts: 1, agent: 'bob', harness: 'scripted', kind: 'wake', stage: 'harness', reason: 'nonzero-exit', detail})

describe('failures ledger', () => {
  let home: string
  let cleanup: () => void
  beforeEach(() => ({home, cleanup} = tempHome()))
  afterEach(() => cleanup())

  it('writes one 0600 JSON line per failure with the bearer redacted and the detail capped at 200 chars', () => {
    const path = join(home, 'drive-bob.failures.jsonl')
    appendFailure(path, record(`token agora_${'a'.repeat(40)} leaked ${'x'.repeat(300)}`))
    const line = JSON.parse(readFileSync(path, 'utf8').trim())
    expect(line.detail).to.match(/^token agora_\[REDACTED\] leaked x+$/)
    expect(line.detail).to.have.length(200)
    expect(statSync(path).mode & 0o777).to.equal(0o600)
  })

  it('keeps the newest half, from a whole line, when the cap would be exceeded', () => {
    const path = join(home, 'drive-bob.failures.jsonl')
    writeFileSync(path, Array.from({length: 100}, (_, i) => JSON.stringify({n: i, pad: 'p'.repeat(80)})).join('\n') + '\n', {mode: 0o600})
    appendFailure(path, record('newest'), 5000, 2500)
    const lines = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    expect(statSync(path).size).to.be.at.most(2600)
    expect(lines.at(-1).detail).to.equal('newest')
    expect(lines[0].n).to.be.a('number')
  })

  it('redacts every bearer-shaped token', () => {
    expect(redact(`a agora_${'Z'.repeat(32)} b agora_short`)).to.equal('a agora_[REDACTED] b agora_short')
  })
})
