import {expect} from 'chai'
import {startModelStub, type ModelStub} from '../../src/server.js'
import {postSse} from '../sse-reader.js'
import {the} from '../../../../test/helpers/present.js'

describe('wire/chat', () => {
  let stub: ModelStub
  before(async () => {
    stub = await startModelStub()
  })
  after(async () => {
    await stub.close()
  })
  const tools = [{type: 'function', function: {name: 'agora_whoami', parameters: {}}}]

  it('streams a tool call in two argument deltas, then tool_calls, usage and [DONE]', async () => {
    const {type, events} = await postSse(`${stub.url}/v1/chat/completions`, {
      model: 'fake-model', stream: true, stream_options: {include_usage: true}, tools,
      messages: [{role: 'user', content: 'who am I'}],
    })
    expect(type).to.contain('text/event-stream')
    expect(the(events, 0).data.choices[0].delta).to.deep.equal({role: 'assistant', content: ''})
    expect(the(events, 1).data.choices[0].delta.tool_calls[0]).to.deep.include({index: 0, id: 'call_1', type: 'function'})
    expect(the(events, 1).data.choices[0].delta.tool_calls[0].function).to.deep.equal({name: 'agora_whoami', arguments: ''})
    expect(the(events, 2).data.choices[0].delta.tool_calls[0].function.arguments).to.equal('{}')
    expect(the(events, 3).data.choices[0].finish_reason).to.equal('tool_calls')
    expect(the(events, 4).data.choices).to.deep.equal([])
    expect(the(events, 4).data.usage).to.include({total_tokens: 15})
    expect(the(events, 5).data).to.equal('[DONE]')
  })

  it('answers FINAL with the tool output after a role:tool message', async () => {
    const {events} = await postSse(`${stub.url}/v1/chat/completions`, {
      stream: true, tools,
      messages: [{role: 'user', content: 'x'}, {role: 'tool', tool_call_id: 'call_1', content: 'seat-7'}],
    })
    expect(the(events, 1).data.choices[0].delta).to.deep.equal({content: 'FINAL: seat-7'})
    expect(the(events, 2).data.choices[0].finish_reason).to.equal('stop')
    expect(events.at(-1)?.data).to.equal('[DONE]')
  })

  it('answers a non-streaming request with one completion object', async () => {
    const res = await fetch(`${stub.url}/v1/chat/completions`, {method: 'POST', body: JSON.stringify({tools, messages: []})})
    const body = (await res.json()) as any
    expect(body.choices[0].finish_reason).to.equal('tool_calls')
    expect(body.choices[0].message.tool_calls[0].function.name).to.equal('agora_whoami')
  })
})
