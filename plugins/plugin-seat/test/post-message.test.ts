import {isLosslessNumber} from '@agora/protocol'
import {expect} from 'chai'

import {buildPostMessage} from '../src/post-message.js'

describe('post-message', () => {
  it('sends only the fields that were given', () => {
    expect(buildPostMessage('hi', {})).to.deep.equal({body: 'hi'})
  })

  it('builds asks with default and explicit ids and per-ask addressing', () => {
    const message = buildPostMessage('q', {ask: ['first?', 'r2=second = yes?'], 'ask-to': ['r2=bob, carol'], status: 'open'})
    expect(message.asks).to.deep.equal([{id: 'a1', text: 'first?'}, {id: 'r2', text: 'second = yes?', to: ['bob', 'carol']}])
  })

  it('refuses --ask-to naming no --ask', () => {
    expect(() => buildPostMessage('q', {ask: ['x'], 'ask-to': ['zz=bob']})).to.throw(/naming an --ask id \(a1\)/)
    expect(() => buildPostMessage('q', {'ask-to': ['a1=bob']})).to.throw(/needs at least one --ask/)
  })

  it('parses --data losslessly and refuses non-objects', () => {
    const message = buildPostMessage('d', {data: '{"x":2.0}'})
    expect(isLosslessNumber((message.data as {x: unknown}).x)).to.equal(true)
    expect(() => buildPostMessage('d', {data: '[1]'})).to.throw(/JSON object/)
    expect(() => buildPostMessage('d', {data: '{'})).to.throw(/not valid JSON/)
  })

  it('maps reply, answers, declines, consumes and critical', () => {
    expect(buildPostMessage('r', {answers: ['a1'], consumes: ['room#3'], critical: true, declines: ['a2'], 'reply-to': 'M', status: 'reply', to: ['bob']})).to.deep.equal({
      answers: ['a1'], body: 'r', consumes: ['room#3'], critical: true, declines: ['a2'], reply_to: 'M', status: 'reply', to: ['bob'],
    })
  })
})
