import {expect} from 'chai'
import {firstString, matches, parseNdjson, readPath} from '../src/index.js'

const event = {type: 'system', servers: [{name: 'other', status: 'up'}, {name: 'agora', status: 'failed'}], content: [{text: 'a'}, {text: 'b'}], n: 3}

describe('json-path', () => {
  it('reads dotted paths, array selectors by field and by position', () => {
    expect(readPath(event, 'servers[name=agora].status')).to.equal('failed')
    expect(readPath(event, 'content[1].text')).to.equal('b')
    expect(readPath(event, 'servers[name=none].status')).to.equal(undefined)
    expect(readPath(event, 'type.deeper')).to.equal(undefined)
  })

  it('holds every test of a match, a missing value failing all but notOneOf, exists:false and empty:true', () => {
    expect(matches(event, {type: 'system', n: {oneOf: [3, 4]}, 'servers[name=agora].status': {notOneOf: ['up']}})).to.equal(true)
    expect(matches(event, {type: {prefix: 'sys'}, 'content[0].text': {contains: 'a'}})).to.equal(true)
    expect(matches(event, {missing: {notOneOf: ['x']}, gone: {exists: false}, absent: {empty: true}})).to.equal(true)
    expect(matches(event, {missing: {oneOf: ['x']}})).to.equal(false)
    expect(matches(event, {content: {empty: false}, type: 'user'})).to.equal(false)
  })

  it('takes the first non-empty string among paths', () => {
    expect(firstString(event, ['nothing', 'servers[0].name'])).to.equal('other')
    expect(firstString(event, ['n'])).to.equal('3')
    expect(firstString(event, ['nothing'])).to.equal(null)
  })

  it('parses NDJSON objects, skipping banners, arrays, scalars and broken lines', () => {
    const text = 'Reading input...\n{"a":1}\r\n[1,2]\n42\n{"b":\n  {"c":2}  \n'
    expect(parseNdjson(text)).to.deep.equal([{a: 1}, {c: 2}])
  })
})
