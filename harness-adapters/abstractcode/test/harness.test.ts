import {readFileSync} from 'node:fs'
import {expect} from 'chai'
import {assessTurn, prepareTurn, sampleTurnInput} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'
import {abstractcode} from '../src/harness.js'
import {the} from '../../../test/helpers/present.js'

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}.ndjson`, import.meta.url), 'utf8')
const built = (overrides = {}) => abstractcode.buildCommand(prepareTurn(abstractcode, sampleTurnInput(overrides)))
const STATE = '/home/agora/.agora/harness-state/sample-seat/reception.state.json'

describe('abstractcode', () => {
  describeHarnessContract(abstractcode)

  describe('buildCommand', () => {
    it('builds the captured argv with the lane state file', () => {
      expect(built().argv).to.deep.equal(['abstractcode', 'exec', '--json', '--state-file', STATE, '--permission-mode', 'full-auto', '--skill', 'agora-channels', '<prompt>'])
    })

    it('keeps the work lane apart and honours --harness-arg (⚠ the reference dropped it)', () => {
      expect(built({lane: 'work', provider: 'lmstudio', model: 'qwen3', reasoning: 'high', harnessArgs: [['base-url', 'http://127.0.0.1:1234/v1']]}).argv).to.deep.equal([
        'abstractcode', 'exec', '--json', '--state-file', '/home/agora/.agora/harness-state/sample-seat/work.state.json',
        '--permission-mode', 'full-auto', '--skill', 'agora-channels',
        '--provider', 'lmstudio', '--model', 'qwen3', '--reasoning', 'high', '--base-url', 'http://127.0.0.1:1234/v1', '<prompt>',
      ])
    })

    it('returns the MCP sidecar as a file instead of writing it (⚠ the reference wrote it while building)', () => {
      const file = the(built({provider: 'lmstudio', model: 'qwen3'}).files ?? [], 0)
      expect(file.path).to.equal('/home/agora/.agora/harness-state/sample-seat/reception.state.config.json')
      expect(JSON.parse(file.content)).to.deep.equal({
        mcp_servers: {agora: {transport: 'stdio', command: ['/usr/local/bin/agora-mcp'], env: sampleTurnInput().mcp.env}},
        provider: 'lmstudio',
        model: 'qwen3',
      })
    })

    it('discards the lane state file for a fresh session and keeps it on resume; the session token is the state file', () => {
      expect(built()).to.deep.include({discard: [STATE], sessionId: 'state-file'})
      expect(built({sessionId: 'state-file'})).to.deep.include({discard: [], sessionId: 'state-file'})
    })

    it('refuses --permissions write rather than silently upgrading it', () => {
      expect(() => built({permissions: 'write'})).to.throw("accepts --permissions all — got 'write'. AbstractCode gates every MCP tool")
    })
  })

  describe('evidence', () => {
    it('passes a wake with every agora name form normalised', () => {
      expect(assessTurn(abstractcode, {stdout: fixture('healthy-wake'), stderr: '', exitCode: 0, timedOut: false, kind: 'wake'})).to.deep.include({ok: true, tools: ['check_inbox']})
    })

    it('reports a run without a completed final', () => {
      expect(assessTurn(abstractcode, {stdout: fixture('denied'), stderr: '', exitCode: 0, timedOut: false, kind: 'wake'})).to.include({stage: 'harness', reason: 'missing-successful-final'})
    })
  })
})
