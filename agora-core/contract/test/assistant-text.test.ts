import {expect} from 'chai'
import {ACP_EVIDENCE, AssistantText, finalAssistantText} from '../src/index.js'
import type {EvidenceSpec} from '../src/index.js'

// A whole-message stream shaped like codex's, and one shaped like opencode's, as declarations give them.
const codex: EvidenceSpec = {...ACP_EVIDENCE, toolEvents: [{match: {type: 'item.completed', 'item.type': 'mcp_tool_call'}, role: 'complete', name: ['item.tool']}],
  assistantText: [{match: {type: 'item.completed', 'item.type': 'agent_message'}, path: 'item.text'}]}
const opencode: EvidenceSpec = {...ACP_EVIDENCE, toolEvents: [{match: {'part.type': 'tool'}, role: 'complete', name: ['part.tool']}],
  assistantText: [{match: {type: 'text', 'part.type': 'text'}, path: 'part.text'}]}

const nd = (...objects: unknown[]) => objects.map((o) => JSON.stringify(o)).join('\n') + '\n'

describe('AssistantText (the model\'s final message from a turn stream)', () => {
  it('takes the last whole message (the codex agent_message shape), not the one before a tool call', () => {
    const stdout = nd(
      {type: 'item.completed', item: {type: 'agent_message', text: 'checking'}},
      {type: 'item.completed', item: {type: 'mcp_tool_call', server: 'agora', tool: 'whoami', status: 'completed'}},
      {type: 'item.completed', item: {type: 'agent_message', text: 'FINAL: alice'}},
      {type: 'turn.completed'},
    )
    expect(finalAssistantText(codex, stdout)).to.equal('FINAL: alice')
  })

  it('joins ACP agent_message_chunk deltas and starts a new message after a tool call', () => {
    const chunk = (text: string) => ({acp: 'update', update: {sessionUpdate: 'agent_message_chunk', content: {type: 'text', text}}})
    const stdout = nd(chunk('let me '), chunk('look'), {acp: 'update', firstSeen: true, update: {sessionUpdate: 'tool_call', toolCallId: 't', title: 'x', status: 'pending'}}, chunk('FINAL: '), chunk('ok'), {acp: 'stop', stopReason: 'end_turn'})
    expect(finalAssistantText(ACP_EVIDENCE, stdout)).to.equal('FINAL: ok')
  })

  it('reads whole text parts (the opencode shape) and returns null for a stream without model text or without rules', () => {
    expect(finalAssistantText(opencode, nd({type: 'text', part: {type: 'text', text: 'fake-ok'}}, {type: 'step_finish'}))).to.equal('fake-ok')
    expect(finalAssistantText(opencode, nd({type: 'step_finish'}))).to.equal(null)
    const bare: EvidenceSpec = {...opencode, assistantText: undefined}
    expect(new AssistantText(bare).readable).to.equal(false)
    expect(finalAssistantText(bare, nd({type: 'text', part: {type: 'text', text: 'x'}}))).to.equal(null)
  })

  it('returns each delta as it is read, and ignores lines that are not JSON objects', () => {
    const reader = new AssistantText(ACP_EVIDENCE)
    expect(reader.line('not json')).to.equal(null)
    expect(reader.line('[1]')).to.equal(null)
    expect(reader.line(JSON.stringify({acp: 'update', update: {sessionUpdate: 'agent_message_chunk', content: {type: 'text', text: 'a'}}}))).to.equal('a')
  })
})
