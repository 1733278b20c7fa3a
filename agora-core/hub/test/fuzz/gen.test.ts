import {expect} from 'chai'
import {shapeOf} from './gen.js'
describe('fuzz generators: shapeOf', () => {
  it('measures nesting depth and the longest array without recursing, ignoring brackets inside strings', () => {
    expect(shapeOf('{"a":[1,2,3],"b":{"c":[]}}')).to.deep.equal({depth: 3, longestArray: 3})
    expect(shapeOf('[[[[1]]]]')).to.deep.equal({depth: 4, longestArray: 1})
    expect(shapeOf('{"x":"[[[,,,"}')).to.deep.equal({depth: 1, longestArray: 0})
    expect(shapeOf('[' + Array(1001).fill('"a"').join(',') + ']')).to.deep.equal({depth: 1, longestArray: 1001})
    expect(shapeOf('[[], [1], {"a": [1, 2]}]')).to.deep.equal({depth: 3, longestArray: 3})
  })
})
