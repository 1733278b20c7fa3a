import {expect} from 'chai'
import {firstObligation, receive} from '../src/reception.js'
import {decide} from '../src/script.js'
import {messagesInput} from '../src/wire/messages.js'
import {responsesInput} from '../src/wire/responses.js'

const OWED = [
  'YOU OWE — to_answer 1 · to_consume 0 · to_close 0',
  'to_answer (reply with post_message status=reply reply_to=<id> answers=[ask ids], or declines=[...]):',
  '  - dm:alice--bob#1 id=01JABC from alice pending asks=q1,q2 naming you=q1 since 2026-11-30T23:00:00Z title «a question»',
  '',
  'INBOX — 1 envelope(s), oldest-urgent first:',
].join('\n')
const NOTHING = 'YOU OWE — to_answer 0 · to_consume 0 · to_close 0 (nothing owed)\n\nINBOX — 0 envelope(s), oldest-urgent first:'
const tools = [{name: 'mcp__agora__whoami'}, {name: 'mcp__agora__check_inbox'}, {name: 'mcp__agora__post_message'}]

describe('reception script', () => {
  it('reads the first to_answer row: channel, message id and pending asks', () => {
    expect(firstObligation(OWED)).to.deep.equal({channel: 'dm:alice--bob', id: '01JABC', asks: ['q1', 'q2']})
    expect(firstObligation(NOTHING)).to.equal(null)
  })

  it('calls check_inbox, then answers the obligation with post_message, then ends with done', () => {
    expect(receive(tools, [])).to.deep.equal({kind: 'tool-call', tool: tools[1], arguments: {}, callId: 'call_1'})
    expect(receive(tools, [{name: 'mcp__agora__check_inbox', result: OWED}])).to.deep.equal({
      kind: 'tool-call', tool: tools[2], callId: 'call_2',
      arguments: {channel: 'dm:alice--bob', status: 'reply', reply_to: '01JABC', body: 'done', answers: ['q1', 'q2']},
    })
    expect(receive(tools, [{name: 'mcp__agora__check_inbox', result: OWED}, {name: 'mcp__agora__post_message', result: 'posted'}])).to.deep.equal({kind: 'final', text: 'done'})
    expect(receive(tools, [{name: 'check_inbox', result: NOTHING}])).to.deep.equal({kind: 'final', text: 'done'})
  })

  it('keeps the whoami script for a prompt that does not ask for check_inbox, and for a wire that names no prompt', () => {
    expect(decide({tools, toolResult: null, prompt: 'Call the agora MCP tool `whoami` exactly once', calls: []})).to.deep.equal({kind: 'tool-call', tool: tools[0]})
    expect(decide({tools, toolResult: null, prompt: 'AGORA BOOT. First call whoami, then call check_inbox.', calls: []})).to.deep.include({tool: tools[1]})
    expect(decide({tools, toolResult: null})).to.deep.equal({kind: 'tool-call', tool: tools[0]})
  })

  it('follows a Responses conversation: the prompt is the last user message and calls pair by call_id', () => {
    const input = [
      {type: 'message', role: 'user', content: [{type: 'input_text', text: '# AGENTS.md instructions: whoami'}]},
      {type: 'message', role: 'user', content: [{type: 'input_text', text: 'AGORA WAKE: call check_inbox'}]},
      {type: 'function_call', name: 'check_inbox', namespace: 'mcp__agora', call_id: 'call_1', arguments: '{}'},
      {type: 'function_call_output', call_id: 'call_1', output: OWED},
    ]
    const parsed = responsesInput({input, tools: [{type: 'namespace', name: 'mcp__agora', tools: [{type: 'function', name: 'check_inbox'}, {type: 'function', name: 'post_message'}]}]})
    expect(parsed.prompt).to.equal('AGORA WAKE: call check_inbox')
    expect(parsed.calls).to.deep.equal([{name: 'check_inbox', result: OWED}])
    expect(decide(parsed)).to.deep.include({kind: 'tool-call', callId: 'call_2', tool: {name: 'post_message', namespace: 'mcp__agora'}})
  })
  it('takes a Messages prompt from its last text block outside <system-reminder> context (a rule file naming check_inbox is not the prompt)', () => {
    const body = {
      tools: [{name: 'mcp__agora__whoami'}, {name: 'mcp__agora__check_inbox'}],
      messages: [{role: 'user', content: [{type: 'text', text: '<system-reminder>CLAUDE.md: call check_inbox at turn start</system-reminder>'}, {type: 'text', text: 'Call the agora MCP tool `whoami` exactly once.'}]}],
    }
    expect(messagesInput(body).prompt).to.equal('Call the agora MCP tool `whoami` exactly once.')
    expect(decide(messagesInput(body))).to.deep.equal({kind: 'tool-call', tool: {name: 'mcp__agora__whoami'}})
  })
})
