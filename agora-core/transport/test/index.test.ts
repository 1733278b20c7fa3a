import {expect} from 'chai'
import {TRANSPORTS} from '@agora/contract'
import {turnTransport} from '../src/index.js'

describe('transport', () => {
  it('has a transport for every name the contract knows', () => {
    expect(TRANSPORTS.map((name) => turnTransport(name).name)).to.deep.equal([...TRANSPORTS])
  })
})
