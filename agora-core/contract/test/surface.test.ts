import {expect} from 'chai'
import {findBearer} from '../src/index.js'

describe('findBearer', () => {
  it('finds a bearer-shaped key or a named secret in argv, env or files', () => {
    const key = `agora_${'k'.repeat(40)}`
    expect(findBearer({argv: ['x', key], env: {}})).to.equal('argv[1]')
    expect(findBearer({argv: ['x'], env: {TOKEN: key}})).to.equal('env TOKEN')
    expect(findBearer({argv: ['x'], env: {}, files: [{path: '/f', content: 'sekrit'}]}, ['sekrit'])).to.equal('file /f')
    expect(findBearer({argv: ['agora_whoami'], env: {AGORA_API_KEY: ''}})).to.equal(null)
  })
})
