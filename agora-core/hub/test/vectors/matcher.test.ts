import {expect} from 'chai'
import {matches, subsetMatchSome, MatchError} from './matcher.js'
import {VectorWorld} from './replay.js'

describe('vector matcher', () => {
  it('accepts extra served keys', () => expect(matches({a: 1}, {a: 1, extra: 2})).to.equal(true))
  it('rejects a different value', () => expect(matches({a: 1}, {a: 2})).to.equal(false))
  it('treats an expected null as present-and-null, so an absent key fails', () => expect(matches({a: null}, {})).to.equal(false))
  it('matches an empty list with an empty list', () => expect(matches({a: []}, {a: []})).to.equal(true))
  it('requires exact length for match lists', () => expect(matches([{a: 1}], [{a: 1}, {a: 2}])).to.equal(false))
  it('subset-matches nested objects', () => expect(matches({a: {b: [1]}}, {a: {b: [1], c: 2}})).to.equal(true))
  it('never coerces types ("1" is not 1)', () => expect(matches({a: '1'}, {a: 1})).to.equal(false))
  it('matches an expected null against a served null', () => expect(matches({a: null}, {a: null})).to.equal(true))
  it('compares match lists position by position', () => expect(matches([{a: 1}, {a: 2}], [{a: 2}, {a: 1}])).to.equal(false))
  it('lets match_subset find expected rows anywhere among served rows', () => {
    expect(() => subsetMatchSome([{a: 2}], [{a: 1}, {a: 2, b: 3}], 't')).not.to.throw()
    expect(() => subsetMatchSome([{a: 9}], [{a: 1}], 't')).to.throw(MatchError)
  })
})

describe('vector runner step checks', () => {
  const world = new VectorWorld(undefined as never)
  it('refuses an expect step with an unknown key', async () => {
    const err = await world.runExpect({call: 'owed', as: 'bob', mtach: {}}).catch((e) => e)
    expect(err).to.be.instanceOf(Error)
    expect(String(err.message)).to.match(/unknown expect keys mtach/)
  })
  it('refuses an expect step that asserts nothing', async () => {
    const err = await world.runExpect({call: 'owed', as: 'bob'}).catch((e) => e)
    expect(String(err?.message)).to.match(/asserts nothing/)
  })
  it('resolves declared refs only, leaving other $ strings literal', () => {
    world.refs.set('q', {seq: 3, id: 'ID'})
    expect(world.resolve({a: '$q.seq', b: ['$q.id'], c: '$1.50', d: '$zz.seq'})).to.deep.equal({a: 3, b: ['ID'], c: '$1.50', d: '$zz.seq'})
  })
})
