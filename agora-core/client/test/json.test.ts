import {isLosslessNumber} from '@agora/protocol'
import {expect} from 'chai'

import {parseBody, stringifyBody} from '../src/json.js'

describe('json', () => {
  it('keeps numbers inside data lossless and makes every other number plain', () => {
    const parsed = parseBody('{"seq":3,"created_at":1732999999.0,"data":{"x":2.0,"big":1152921504606846977,"n":[1.50]}}') as {
      seq: number; created_at: number; data: {x: unknown; big: unknown; n: unknown[]}
    }
    expect(parsed.seq).to.equal(3)
    expect(parsed.created_at).to.equal(1732999999)
    expect(isLosslessNumber(parsed.data.x)).to.equal(true)
    expect(stringifyBody(parsed.data)).to.equal('{"x":2.0,"big":1152921504606846977,"n":[1.50]}')
  })

  it('round-trips plain values like JSON.stringify and drops undefined keys', () => {
    const value = {a: 'é"\n', b: [1, null, true], c: undefined, d: {e: -0.5}}
    expect(stringifyBody(value)).to.equal(JSON.stringify(value))
  })

  it('refuses NaN and Infinity instead of sending null', () => {
    expect(() => stringifyBody({data: {x: Number.NaN}})).to.throw(/strict JSON/)
    expect(() => stringifyBody([Infinity])).to.throw(/strict JSON/)
  })

  it('reads a data value nested 10,000 levels deep, as an older hub may have stored it', () => {
    const depth = 10_000
    const parsed = parseBody(`{"seq":1,"data":${'{"a":'.repeat(depth)}2.0${'}'.repeat(depth)}}`) as {seq: number; data: {a: unknown}}
    expect(parsed.seq).to.equal(1)
    let node: unknown = parsed.data
    for (let i = 0; i < depth; i++) node = (node as {a: unknown}).a
    expect(isLosslessNumber(node) && node.value).to.equal('2.0')
  })
})
