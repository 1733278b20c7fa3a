import {expect} from 'chai'
import {decide} from '../src/script.js'

describe('edit script', () => {
  const tools = [{name: 'Read'}, {name: 'Write'}, {name: 'mcp__agora__whoami'}]
  const prompt = 'Please STUB-EDIT /repo/src/a.ts hello now'

  it('reads the named file, then writes the word to it, then reports the write\'s first result line', () => {
    expect(decide({tools, toolResult: null, prompt, calls: []})).to.deep.equal({kind: 'tool-call', tool: {name: 'Read'}, arguments: {file_path: '/repo/src/a.ts'}, callId: 'call_1'})
    const afterRead = [{name: 'Read', result: '1\told'}]
    expect(decide({tools, toolResult: '1\told', prompt, calls: afterRead})).to.deep.equal({kind: 'tool-call', tool: {name: 'Write'}, arguments: {file_path: '/repo/src/a.ts', content: 'hello\n'}, callId: 'call_2'})
    const refused = [...afterRead, {name: 'Write', result: '\nAGORA LEASE — held by bob\nmore'}]
    expect(decide({tools, toolResult: 'x', prompt, calls: refused})).to.deep.equal({kind: 'final', text: 'EDIT RESULT: AGORA LEASE — held by bob'})
  })

  it('leaves prompts without the directive, and harnesses without a Write tool, to the other scripts', () => {
    expect(decide({tools, toolResult: null, prompt: 'hi', calls: []})).to.deep.equal({kind: 'tool-call', tool: {name: 'mcp__agora__whoami'}})
    expect(decide({tools: [{name: 'mcp__agora__whoami'}], toolResult: null, prompt, calls: []})).to.deep.equal({kind: 'tool-call', tool: {name: 'mcp__agora__whoami'}})
  })

  it('names the file by the parameter each tool declares (opencode filePath, pi path)', () => {
    const opencode = [{name: 'read', pathField: 'filePath'}, {name: 'write', pathField: 'filePath'}]
    expect(decide({tools: opencode, toolResult: null, prompt, calls: []})).to.deep.include({arguments: {filePath: '/repo/src/a.ts'}})
    const pi = [{name: 'read', pathField: 'path'}, {name: 'write', pathField: 'path'}]
    expect(decide({tools: pi, toolResult: '1', prompt, calls: [{name: 'read', result: '1'}]})).to.deep.include({arguments: {path: '/repo/src/a.ts', content: 'hello\n'}})
  })

  it("edits through codex's freeform apply_patch when no Write tool is offered, then reports the patch result", () => {
    const codex = [{name: 'exec_command'}, {name: 'apply_patch', freeform: true}]
    expect(decide({tools: codex, toolResult: null, prompt, calls: []})).to.deep.equal({
      kind: 'tool-call', tool: {name: 'apply_patch', freeform: true}, input: '*** Begin Patch\n*** Add File: /repo/src/a.ts\n+hello\n*** End Patch\n', callId: 'call_1',
    })
    const refused = [{name: 'apply_patch', result: 'Command blocked by PreToolUse hook: AGORA LEASE — held'}]
    expect(decide({tools: codex, toolResult: 'x', prompt, calls: refused})).to.deep.equal({kind: 'final', text: 'EDIT RESULT: Command blocked by PreToolUse hook: AGORA LEASE — held'})
    expect(decide({tools: [{name: 'apply_patch'}], toolResult: null, prompt, calls: []})).to.deep.include({arguments: {input: '*** Begin Patch\n*** Add File: /repo/src/a.ts\n+hello\n*** End Patch\n'}})
  })
})
