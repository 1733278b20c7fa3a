import {expect} from 'chai'
import {startModelStub, type ModelStub} from '../../src/server.js'
import {postSse} from '../sse-reader.js'
import {the} from '../../../../test/helpers/present.js'

describe('wire/generate-content', () => {
  let stub: ModelStub
  before(async () => {
    stub = await startModelStub()
  })
  after(async () => {
    await stub.close()
  })
  const tools = [{functionDeclarations: [{name: 'mcp_agora_whoami', parameters: {}}]}]

  it('streams one chunk calling the offered whoami tool', async () => {
    const {type, events} = await postSse(`${stub.url}/v1beta/models/m-1:streamGenerateContent?alt=sse`, {
      tools, contents: [{role: 'user', parts: [{text: '<context>'}, {text: 'who am I'}]}],
    })
    expect(type).to.contain('text/event-stream')
    expect(events).to.have.length(1)
    expect(the(events, 0).data.candidates[0]).to.deep.include({finishReason: 'STOP'})
    expect(the(events, 0).data.candidates[0].content).to.deep.equal({role: 'model', parts: [{functionCall: {name: 'mcp_agora_whoami', args: {}}}]})
    expect(the(events, 0).data.modelVersion).to.equal('m-1')
  })

  it('answers FINAL with the functionResponse output, as JSON for the non-streaming route', async () => {
    const res = await fetch(`${stub.url}/v1beta/models/m-1:generateContent`, {
      method: 'POST', headers: {'content-type': 'application/json'},
      body: JSON.stringify({tools, contents: [
        {role: 'user', parts: [{text: 'who am I'}]},
        {role: 'model', parts: [{functionCall: {name: 'mcp_agora_whoami', args: {}}}]},
        {role: 'user', parts: [{functionResponse: {name: 'mcp_agora_whoami', response: {output: 'seat-7'}}}]},
      ]}),
    })
    const body = (await res.json()) as {candidates: Array<{content: {parts: unknown[]}}>}
    expect(the(body.candidates, 0).content.parts).to.deep.equal([{text: 'FINAL: seat-7'}])
  })

  it("runs the reception script on the user's last text part only, not on context parts before it", async () => {
    const {events} = await postSse(`${stub.url}/v1beta/models/m-1:streamGenerateContent?alt=sse`, {
      tools: [{functionDeclarations: [{name: 'mcp_agora_check_inbox'}, {name: 'mcp_agora_whoami'}]}],
      contents: [{role: 'user', parts: [{text: 'rules: start with check_inbox'}, {text: 'call whoami'}]}],
    })
    expect(the(events, 0).data.candidates[0].content.parts[0].functionCall.name).to.equal('mcp_agora_whoami')
  })

  it('counts tokens', async () => {
    const res = await fetch(`${stub.url}/v1beta/models/m-1:countTokens`, {method: 'POST', headers: {'content-type': 'application/json'}, body: '{}'})
    expect(await res.json()).to.deep.equal({totalTokens: 10})
  })
})
