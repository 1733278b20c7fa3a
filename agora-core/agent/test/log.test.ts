import {expect} from 'chai'
import {PassThrough} from 'node:stream'

import {formatLogLine, lineLogger} from '../src/log.js'

describe('log', () => {
  it('formats one greppable line, quoting values with spaces and the detail last', () => {
    expect(formatLogLine({level: 'warn', event: 'refused', guard: 'reply-cap', peer: 'bob', note: 'two words', skip: undefined, detail: 'cap "hit"'}))
      .to.equal('AGORA_AGENT event=refused level=warn guard=reply-cap peer=bob note="two words" detail="cap \\"hit\\""')
    expect(formatLogLine({level: 'info', event: 'handled', seq: 4})).to.equal('AGORA_AGENT event=handled seq=4')
  })

  it('writes from the minimum level up', () => {
    const stream = new PassThrough()
    const log = lineLogger({stream, minLevel: 'info'})
    log({level: 'debug', event: 'skipped'})
    log({level: 'info', event: 'ready'})
    expect(String(stream.read())).to.equal('AGORA_AGENT event=ready\n')
  })
})
