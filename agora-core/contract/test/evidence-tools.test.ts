import {expect} from 'chai'
import {appError, bareToolName} from '../src/index.js'

describe('evidence-tools', () => {
  describe('bareToolName', () => {
    it('strips a declared prefix, or an infix form after its last occurrence', () => {
      const forms = ['mcp__agora__', '::agora::', 'agora_']
      expect(bareToolName('mcp__agora__check_inbox', forms)).to.equal('check_inbox')
      expect(bareToolName('gateway::agora::whoami', forms)).to.equal('whoami')
      expect(bareToolName('agora_whoami', forms)).to.equal('whoami')
      expect(bareToolName('my_agora_tool', forms)).to.equal(null)
      expect(bareToolName('agora_', forms)).to.equal(null)
      expect(bareToolName('bash', forms)).to.equal(null)
    })

    it("takes the bare name before a suffix form ending in '$'", () => {
      const forms = [' (agora MCP Server)$']
      expect(bareToolName('check_inbox (agora MCP Server)', forms)).to.equal('check_inbox')
      expect(bareToolName(' (agora MCP Server)', forms)).to.equal(null)
      expect(bareToolName('read_file (other MCP Server)', forms)).to.equal(null)
    })
  })

  describe('appError', () => {
    it("finds agora's ok:false, isError and is_error, in structured content and in JSON text blocks", () => {
      expect(appError({ok: false, detail: 'not a member'})).to.equal('not a member')
      expect(appError({isError: true, content: [{type: 'text', text: 'hub unreachable'}]})).to.equal('hub unreachable')
      expect(appError({structuredContent: {ok: false, error: 'denied'}})).to.equal('denied')
      expect(appError([{type: 'text', text: '{"ok": false, "detail": "bad seq"}'}])).to.equal('bad seq')
      expect(appError('{"is_error": true, "message": "boom"}')).to.equal('boom')
    })

    it('finds nothing in a successful or plain-text result', () => {
      expect(appError({ok: true, content: [{type: 'text', text: 'you are seat-1'}]})).to.equal(null)
      expect(appError('plain words {not json')).to.equal(null)
      expect(appError(null)).to.equal(null)
    })
  })
})
