import {expect} from 'chai'
import {probeAcpAgent} from '../../src/acp/probe.js'
import {fakeTurn} from './fake-agent.js'

const launch = (mode: string, load = false, timeoutMs = 3000) => {
  const {turn} = fakeTurn(mode, {load})
  return {argv: turn.argv, env: turn.env, cwd: turn.cwd, timeoutMs}
}

describe('acp/probe', function () {
  this.timeout(15_000)

  it('ends when initialize is answered and the agent exits on stdin close, and reports what it advertised', async () => {
    const probe = await probeAcpAgent(launch('happy', true))
    expect(probe).to.include({ended: true, problem: null, timedOut: false})
    expect(probe.facts.endedBy).to.equal('stdin-close')
    expect(probe.facts).to.deep.include({loadSession: true, resume: false, protocolVersion: 1, agent: {name: 'fake-acp-agent', version: '0.0.1'}})
  })

  it('fails an agent that never answers initialize', async () => {
    const probe = await probeAcpAgent(launch('no-init', false, 1000))
    expect(probe).to.include({ended: false, problem: '`initialize` unanswered within 1s', timedOut: true})
  })

  it('ends an agent that outlives its closed stdin with SIGTERM, and says so', async () => {
    const probe = await probeAcpAgent(launch('linger', false, 8000))
    expect(probe).to.include({ended: true, problem: null})
    expect(probe.facts.endedBy).to.equal('sigterm')
  })

  it('fails an agent that outlives both its closed stdin and SIGTERM', async () => {
    const probe = await probeAcpAgent(launch('linger-deaf', false, 8000))
    expect(probe.ended).to.equal(false)
    expect(probe.problem).to.equal('answered `initialize` but neither exited when stdin closed nor on SIGTERM within 8s')
  })

  it('names a missing agent binary', async () => {
    const probe = await probeAcpAgent({...launch('happy'), argv: ['/nonexistent/acp-agent']})
    expect(probe.ended).to.equal(false)
    expect(probe.problem).to.match(/ENOENT/)
  })
})
