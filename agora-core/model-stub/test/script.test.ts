import {expect} from 'chai'
import {decide, firstLine, textOf} from '../src/script.js'

describe('script', () => {
  describe('decide', () => {
    it('calls the offered tool whose name contains whoami, prefixed or not', () => {
      const reply = decide({tools: [{name: 'agora_post'}, {name: 'mcp__agora__whoami'}], toolResult: null})
      expect(reply).to.deep.equal({kind: 'tool-call', tool: {name: 'mcp__agora__whoami'}})
    })

    it('keeps the namespace a tool was offered under', () => {
      const reply = decide({tools: [{name: 'whoami', namespace: 'mcp__agora'}], toolResult: null})
      expect(reply).to.deep.equal({kind: 'tool-call', tool: {name: 'whoami', namespace: 'mcp__agora'}})
    })

    it('answers FINAL with the first line of a tool result', () => {
      const reply = decide({tools: [{name: 'whoami'}], toolResult: 'you are seat-1\nmore'})
      expect(reply).to.deep.equal({kind: 'final', text: 'FINAL: you are seat-1'})
    })

    it('answers plain text when no whoami tool is offered', () => {
      expect(decide({tools: [{name: 'read'}], toolResult: null})).to.deep.equal({kind: 'text', text: 'fake-ok'})
      expect(decide({tools: [], toolResult: null})).to.deep.equal({kind: 'text', text: 'fake-ok'})
    })
  })

  describe('firstLine', () => {
    it('skips blank and wall-time bookkeeping lines', () => {
      expect(firstLine('Wall time: 0.2 seconds\n\n{"id":"s1"}\nx')).to.equal('{"id":"s1"}')
      expect(firstLine('Wall time: 0.2 seconds\nOutput:\nyou are s1')).to.equal('you are s1')
    })
  })

  describe('textOf', () => {
    it('flattens strings, text parts and nested content', () => {
      expect(textOf('a')).to.equal('a')
      expect(textOf([{type: 'input_text', text: 'Wall time: 1s'}, {type: 'input_text', text: 'b'}])).to.equal('Wall time: 1s\nb')
      expect(textOf({content: [{type: 'text', text: 'c'}]})).to.equal('c')
      expect(textOf(42)).to.equal('')
    })

    it('decodes content parts that arrive JSON-encoded inside the text, and leaves other brackets alone', () => {
      expect(textOf('Wall time: 0.3 seconds\nOutput:\n[{"type":"text","text":"to_answer 1\\n  - dm:a#1"}]')).to.equal('Wall time: 0.3 seconds\nOutput:\nto_answer 1\n  - dm:a#1')
      expect(textOf('cursors=[{"a":1}] and more')).to.equal('cursors=[{"a":1}] and more')
    })
  })
})
