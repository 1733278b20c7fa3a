import {expect} from 'chai'
import {startModelStub, type ModelStub} from '../../src/server.js'
import {postSse} from '../sse-reader.js'
import {the} from '../../../../test/helpers/present.js'

describe('wire/messages', () => {
  let stub: ModelStub
  before(async () => {
    stub = await startModelStub()
  })
  after(async () => {
    await stub.close()
  })
  const tools = [{name: 'Bash', input_schema: {}}, {name: 'mcp__agora__whoami', input_schema: {}}]

  it('streams a tool_use block with an input_json_delta and stop_reason tool_use', async () => {
    const {events} = await postSse(`${stub.url}/v1/messages?beta=true`, {
      stream: true, tools, messages: [{role: 'user', content: [{type: 'text', text: 'go'}]}],
    })
    expect(events.map((e) => e.event)).to.deep.equal([
      'message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop',
    ])
    expect(the(events, 0).data.message).to.deep.include({role: 'assistant', content: []})
    expect(the(events, 1).data.content_block).to.deep.equal({type: 'tool_use', id: 'toolu_1', name: 'mcp__agora__whoami', input: {}})
    expect(the(events, 2).data.delta).to.deep.equal({type: 'input_json_delta', partial_json: '{}'})
    expect(the(events, 4).data.delta.stop_reason).to.equal('tool_use')
    expect(the(events, 4).data.usage).to.deep.equal({output_tokens: 5})
  })

  it('answers FINAL after a tool_result block in the last user message', async () => {
    const {events} = await postSse(`${stub.url}/v1/messages`, {
      stream: true, tools,
      messages: [
        {role: 'user', content: 'go'},
        {role: 'assistant', content: [{type: 'tool_use', id: 'toolu_1', name: 'mcp__agora__whoami', input: {}}]},
        {role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_1', content: [{type: 'text', text: 'seat-9'}]}]},
      ],
    })
    expect(the(events, 2).data.delta).to.deep.equal({type: 'text_delta', text: 'FINAL: seat-9'})
    expect(the(events, 4).data.delta.stop_reason).to.equal('end_turn')
  })

  it('answers an untooled non-streaming request with one text message', async () => {
    const res = await fetch(`${stub.url}/v1/messages`, {method: 'POST', body: JSON.stringify({messages: [{role: 'user', content: 'hi'}]})})
    const body = (await res.json()) as any
    expect(body.content).to.deep.equal([{type: 'text', text: 'fake-ok'}])
    expect(body.stop_reason).to.equal('end_turn')
  })
})
