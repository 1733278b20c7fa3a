import {expect} from 'chai'
import {ContractRefusal, mcpBindingEnv, prepareTurn, sampleTurnInput} from '../src/index.js'
import {acme, variant} from './fixtures/acme.js'

describe('turn', () => {
  describe('mcpBindingEnv', () => {
    const seat = {agentId: 'seat-1', url: 'http://127.0.0.1:8765/', home: '/h/.agora', about: 'reviews'}

    it('carries the seat id, url without trailing slash, home and about, with explicitly empty keys', () => {
      expect(mcpBindingEnv(seat)).to.deep.equal({
        AGORA_API_KEY: '',
        AGORA_ADMIN_KEY: '',
        AGORA_URL: 'http://127.0.0.1:8765',
        AGORA_AGENT_ID: 'seat-1',
        AGORA_HOME: '/h/.agora',
        AGORA_ABOUT: 'reviews',
      })
    })

    it('adds AGORA_DOWNLOAD_DIR only when given', () => {
      expect(mcpBindingEnv(seat, {downloadDir: '/tmp/d'})).to.have.property('AGORA_DOWNLOAD_DIR', '/tmp/d')
    })
  })

  describe('sampleTurnInput', () => {
    it('is the sample seat at the default hub with a placeholder prompt', () => {
      const input = sampleTurnInput()
      expect(input.seat).to.include({agentId: 'sample-seat', url: 'http://127.0.0.1:8765'})
      expect(input.prompt).to.equal('<prompt>')
      expect(input.mcp.env.AGORA_AGENT_ID).to.equal('sample-seat')
    })
  })

  describe('prepareTurn', () => {
    it('throws a ContractRefusal with the refusal text', () => {
      expect(() => prepareTurn(acme, sampleTurnInput({reasoning: 'max'}))).to.throw(ContractRefusal, "accepts --reasoning-effort low|high")
    })

    it('resolves defaults and the permission argv', () => {
      const pinned = variant({defaults: {model: 'pinned-model', reasoning: 'low', modelFitForDriving: true}})
      const turn = prepareTurn(pinned, sampleTurnInput({sessionId: 's-1'}))
      expect(turn).to.include({model: 'pinned-model', reasoning: 'low', provider: null, permissions: 'write', sessionId: 's-1'})
      expect(turn.permissionArgv).to.deep.equal(['--rw'])
      expect(turn.harnessArgs).to.deep.equal([])
      const explicit = prepareTurn(pinned, sampleTurnInput({model: 'm2', reasoning: 'high', permissions: 'all', harnessArgs: [['a', 'b']]}))
      expect(explicit).to.include({model: 'm2', reasoning: 'high', permissions: 'all'})
      expect(explicit.permissionArgv).to.deep.equal(['--yolo'])
      expect(explicit.harnessArgs).to.deep.equal([['a', 'b']])
    })
  })
})
