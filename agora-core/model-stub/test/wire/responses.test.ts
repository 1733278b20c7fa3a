import {expect} from 'chai'
import {startModelStub, type ModelStub} from '../../src/server.js'
import {postSse} from '../sse-reader.js'
import {the} from '../../../../test/helpers/present.js'

describe('wire/responses', () => {
  let stub: ModelStub
  before(async () => {
    stub = await startModelStub()
  })
  after(async () => {
    await stub.close()
  })
  const tools = [
    {type: 'function', name: 'shell'},
    {type: 'namespace', name: 'mcp__agora', tools: [{type: 'function', name: 'whoami'}]},
  ]

  it('calls a tool offered inside a namespace, naming the namespace', async () => {
    const {events} = await postSse(`${stub.url}/v1/responses`, {stream: true, tools, input: [{type: 'message', role: 'user', content: []}]})
    expect(events.map((e) => e.event)).to.deep.equal([
      'response.created', 'response.output_item.added', 'response.output_item.done', 'response.completed',
    ])
    const item = the(events, 2).data.item
    expect(item).to.deep.include({type: 'function_call', call_id: 'call_1', name: 'whoami', namespace: 'mcp__agora', arguments: '{}'})
    const completed = the(events, 3).data.response
    expect(completed.status).to.equal('completed')
    expect(completed.output).to.deep.equal([item])
    expect(completed.usage).to.deep.include({input_tokens: 10, output_tokens: 5, total_tokens: 15})
    expect(completed.usage.input_tokens_details).to.deep.equal({cached_tokens: 0})
    expect(completed.usage.output_tokens_details).to.deep.equal({reasoning_tokens: 0})
  })

  it('answers FINAL after a function_call_output whose output is input_text parts', async () => {
    const {events} = await postSse(`${stub.url}/v1/responses`, {
      stream: true, tools,
      input: [
        {type: 'function_call', call_id: 'call_1', name: 'whoami'},
        {type: 'function_call_output', call_id: 'call_1', output: [{type: 'input_text', text: 'Wall time: 0.1s'}, {type: 'input_text', text: 'seat-3'}]},
      ],
    })
    expect(events.map((e) => e.event)).to.include('response.output_text.delta')
    const done = events.find((e) => e.event === 'response.output_item.done')
    expect(done?.data.item.content[0]).to.deep.equal({type: 'output_text', text: 'FINAL: seat-3', annotations: []})
  })

  it("calls a freeform custom tool (codex's apply_patch) with a custom_tool_call and reads its custom_tool_call_output", async () => {
    const custom = [{type: 'function', name: 'exec_command'}, {type: 'custom', name: 'apply_patch', format: {type: 'grammar'}}]
    const prompt = {type: 'message', role: 'user', content: [{type: 'input_text', text: 'STUB-EDIT /w/a.txt v2'}]}
    const first = await postSse(`${stub.url}/v1/responses`, {stream: true, tools: custom, input: [prompt]})
    const call = first.events.find((e) => e.event === 'response.output_item.done')?.data.item
    expect(call).to.deep.equal({type: 'custom_tool_call', id: 'ctc_1', call_id: 'call_1', name: 'apply_patch', input: '*** Begin Patch\n*** Add File: /w/a.txt\n+v2\n*** End Patch\n', status: 'completed'})
    const second = await postSse(`${stub.url}/v1/responses`, {stream: true, tools: custom, input: [prompt, call, {type: 'custom_tool_call_output', call_id: 'call_1', output: 'Command blocked by PreToolUse hook: AGORA LEASE'}]})
    const done = second.events.find((e) => e.event === 'response.output_item.done')
    expect(done?.data.item.content[0].text).to.equal('EDIT RESULT: Command blocked by PreToolUse hook: AGORA LEASE')
  })
})
