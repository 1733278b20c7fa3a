import {expect} from 'chai'
import HarnessShow from '../../../src/commands/harness/show.js'
import {configWithLinked} from './helpers.js'
import type {Config} from '@oclif/core'
import {the} from '../../../../../test/helpers/present.js'

describe('harness show', () => {
  let config: Config
  let cleanup: () => void

  before(async () => {
    ;({config, cleanup} = await configWithLinked(['harness-evidence-null']))
  })

  after(() => cleanup())

  /** Run expecting a refusal; oclif records a failed command in process.exitCode, which is put back. */
  async function refusal(argv: string[]): Promise<string> {
    const saved = process.exitCode
    try {
      await HarnessShow.run(argv, config)
      return 'no refusal'
    } catch (error) {
      return (error as Error).message
    } finally {
      process.exitCode = saved
    }
  }

  it("returns the declaration's data and the sample turn it builds", async () => {
    const shown = await HarnessShow.run(['cursor'], config)
    expect(shown.declaration).to.include({name: 'cursor', binary: 'cursor-agent', evidence: null})
    expect(shown.declaration).to.not.have.property('buildCommand')
    expect(shown.sample).to.include({seat: 'sample-seat', url: 'http://127.0.0.1:8765', prompt: '<prompt>'})
    expect(shown.sample.command.argv.at(-1)).to.equal('<prompt>')
    expect(shown.plugin).to.include({name: '@agora/harness-cursor', source: 'core'})
  })

  it("returns an ACP harness's session calls: agora in mcpServers under the sample seat, and its knobs", async () => {
    const shown = await HarnessShow.run(['codex-acp'], config)
    expect(shown.declaration).to.include({transport: 'acp'})
    const session = shown.sample.command.session!
    expect(session.mcpServers[0]).to.deep.include({name: 'agora', command: 'agora-mcp'})
    expect(the(session.mcpServers, 0).env).to.deep.include({name: 'AGORA_AGENT_ID', value: 'sample-seat'})
    expect(session.configOptions).to.deep.equal([{configId: 'mode', value: 'auto'}])
  })

  it('carries the seat binding into the sample command of a harness that binds per turn', async () => {
    const shown = await HarnessShow.run(['claude'], config)
    const argv = shown.sample.command.argv.join(' ')
    expect(argv).to.contain('"AGORA_AGENT_ID":"sample-seat"').and.contain('"AGORA_URL":"http://127.0.0.1:8765"')
  })

  it('refuses an unknown name, listing what is installed', async () => {
    expect(await refusal(['nope'])).to.match(/^no harness named 'nope' is installed; installed: .*claude/)
  })

  it('refuses an invalid plugin with its problems', async () => {
    expect(await refusal(['evidence-null'])).to.contain("evidence must be null exactly when 'evidence' is in unmet")
  })
})
