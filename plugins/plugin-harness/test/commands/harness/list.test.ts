import {expect} from 'chai'
import {armRefusal} from '@agora/contract'
import HarnessList from '../../../src/commands/harness/list.js'
import type {HarnessListEntry} from '../../../src/commands/harness/list.js'
import {configWithLinked} from './helpers.js'

describe('harness list', () => {
  let harnesses: HarnessListEntry[]
  let cleanup: () => void

  before(async () => {
    const loaded = await configWithLinked(['harness-hard-unmet', 'harness-sloppy-model', 'harness-evidence-null', 'harness-shadow', 'harness-throws'])
    cleanup = loaded.cleanup
    ;({harnesses} = await HarnessList.run([], loaded.config))
  })

  after(() => cleanup())

  const entry = (name: string, source?: string) => harnesses.find((h) => h.name === name && (!source || h.source === source))!

  it('lists the bundled adapters as valid core plugins', () => {
    const core = harnesses.filter((h) => h.source === 'core' && h.active).map((h) => h.name)
    expect(core).to.have.members(['abstractcode', 'abstractcode-tui', 'claude', 'claude-acp', 'codex-acp', 'cursor', 'gemini', 'opencode', 'orca', 'pi'])
    expect(entry('codex', 'core')).to.include({valid: true})
    expect(entry('claude')).to.include({plugin: '@agora/harness-claude', contract: '^1', valid: true, transport: 'argv'})
  })

  it('names each plugin its transport: the ACP agents acp, everything else argv', () => {
    expect(entry('claude-acp')).to.include({plugin: '@agora/harness-claude-acp', transport: 'acp', valid: true})
    expect(entry('codex-acp')).to.include({plugin: '@agora/harness-codex-acp', transport: 'acp', valid: true})
    expect(entry('gemini')).to.include({plugin: '@agora/harness-gemini', transport: 'acp', valid: true})
    expect(entry('hard-unmet')).to.include({transport: 'argv'})
  })

  it('lists a linked plugin declaring a hard unmet item as valid, while arm-time refuses to drive it', async () => {
    expect(entry('hard-unmet')).to.include({source: 'link', valid: true, active: true, contract: '^1'})
    const {declaration} = await import('../../fixtures/harness-hard-unmet/hooks/harness.js' as string)
    expect(armRefusal(declaration, {}, [declaration])).to.contain('unmet: tool-reach')
  })

  it('lists a plugin with evidence null but not unmet as invalid, with the reason, without failing the command', () => {
    expect(entry('evidence-null')).to.deep.include({valid: false, active: false, problems: ["evidence must be null exactly when 'evidence' is in unmet"]})
  })

  it("lists a plugin whose hook fails through oclif's error() as invalid, with the message", () => {
    expect(entry('agora-fixture-harness-throws')).to.deep.include({valid: false, source: 'link', problems: ['the agora:harness hook failed: broken on purpose']})
  })

  it('lets a linked plugin shadow the bundled one of the same name', () => {
    expect(entry('codex', 'link')).to.include({active: true, plugin: 'agora-fixture-harness-shadow'})
    expect(entry('codex', 'core')).to.include({active: false, shadowedBy: 'agora-fixture-harness-shadow', valid: true})
  })
})
