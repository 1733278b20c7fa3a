import {expect} from 'chai'

import {postBody} from '../../src/tools/messages.js'

describe('post_message body', () => {
  const base = {body: 'b', title: '', status: 'reply', urgency: 'inbox'}

  it('sends obligation fields at the top level and leaves empty ones out', () => {
    expect(postBody({...base, reply_to: 'M1', answers: ['a1'], declines: ['a2'], consumes: [], asks: []}))
      .to.deep.equal({...base, reply_to: 'M1', answers: ['a1'], declines: ['a2']})
  })

  it('puts evidence and settled_by inside data', () => {
    const evidence = [{kind: 'fs', ref: 'notes/plan.md'}]
    expect(postBody({...base, status: 'resolved', reply_to: 'M1', evidence, settled_by: 'M2'}).data)
      .to.deep.equal({evidence, settled_by: 'M2'})
  })
})
