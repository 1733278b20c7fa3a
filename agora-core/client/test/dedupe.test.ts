import {expect} from 'chai'

import {EnvelopeDedupe} from '../src/dedupe.js'
import type {Envelope} from '../src/wire.js'

const env = (channel: string, seq: number, extra: Partial<Envelope> = {}): Envelope =>
  ({id: `${channel}-${seq}`, channel, seq, retracted: false, ...extra}) as Envelope

describe('dedupe', () => {
  it('accepts each (channel, seq) once', () => {
    const d = new EnvelopeDedupe()
    expect(d.accept(env('a', 1))).to.equal(true)
    expect(d.accept(env('a', 1))).to.equal(false)
    expect(d.accept(env('b', 1))).to.equal(true)
    expect(d.accept(env('a', 3))).to.equal(true)
    expect(d.accept(env('a', 2))).to.equal(true)
    expect(d.highWater()).to.deep.equal({a: 3, b: 1})
  })

  it('lets a retracted envelope replace the earlier copy once per message id', () => {
    const d = new EnvelopeDedupe()
    expect(d.accept(env('a', 1))).to.equal(true)
    expect(d.accept(env('a', 1, {retracted: true}))).to.equal(true)
    expect(d.accept(env('a', 1, {retracted: true}))).to.equal(false)
  })

  it('seeds the high-water without marking seqs as seen', () => {
    const d = new EnvelopeDedupe()
    d.seed({a: 5})
    expect(d.highWater()).to.deep.equal({a: 5})
    expect(d.accept(env('a', 2))).to.equal(true)
    d.seed({a: 1})
    expect(d.highWater()).to.deep.equal({a: 5})
  })

  it('forgets seqs far below the high-water so memory stays bounded', () => {
    const d = new EnvelopeDedupe()
    const last = 2 * EnvelopeDedupe.WINDOW + 1
    for (let seq = 1; seq <= last; seq++) d.accept(env('a', seq))
    expect(d.accept(env('a', last))).to.equal(false)
    expect(d.accept(env('a', last - EnvelopeDedupe.WINDOW + 1))).to.equal(false)
    expect(d.accept(env('a', 1))).to.equal(true)
  })
})
