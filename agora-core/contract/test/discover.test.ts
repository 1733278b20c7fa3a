import {expect} from 'chai'
import {activeHarness, discoverHarnesses} from '../src/index.js'
import type {PluginRef} from '../src/index.js'
import {acme, variant} from './fixtures/acme.js'
import {the} from '../../../test/helpers/present.js'

const plugin = (name: string, type: string): PluginRef => ({name, version: '1.0.0', type, root: `/plugins/${name}`})

/** The answer oclif's config.runHook gives, built from literal per-plugin results. */
function hookResults(successes: Array<{plugin: PluginRef; result: unknown}>, failures: Array<{plugin: PluginRef; error: Error}> = []) {
  let asked: unknown[] = []
  return {
    asked: () => asked,
    async runHook(...args: [string, object, number?, boolean?]) {
      asked = args
      return {successes, failures}
    },
  }
}

describe('discoverHarnesses', () => {
  it('asks the agora:harness event with a timeout and errors captured, and lists a valid declaration as active', async () => {
    const config = hookResults([{plugin: plugin('@x/harness-acme', 'core'), result: acme}])
    const found = the(await discoverHarnesses(config), 0)
    expect(config.asked()).to.deep.equal(['agora:harness', {}, 10_000, true])
    expect(found).to.deep.include({name: 'acme', contract: '^1', valid: true, problems: [], shadowedBy: null, active: true})
    expect(found.declaration).to.equal(acme)
  })

  it('lists a schema-invalid declaration, a wrong contract range and a throwing hook as invalid, never crashing', async () => {
    const found = await discoverHarnesses(hookResults(
      [
        {plugin: plugin('bad-schema', 'user'), result: {name: 'bad', binary: 3}},
        {plugin: plugin('future', 'user'), result: variant({name: 'future', contract: '^2'})},
      ],
      [{plugin: plugin('broken', 'link'), error: new Error('Cannot find module x')}],
    ))
    expect(found.map((f) => [f.name, f.valid, f.active])).to.deep.equal([['bad', false, false], ['broken', false, false], ['future', false, false]])
    expect(the(found, 1).problems).to.deep.equal(['the agora:harness hook failed: Cannot find module x'])
    expect(the(found, 2).problems[0]).to.contain("contract range '^2'")
  })

  it('lets link beat user beat core for one name and lists the others as shadowed', async () => {
    const found = await discoverHarnesses(hookResults([
      {plugin: plugin('core-acme', 'core'), result: acme},
      {plugin: plugin('linked-acme', 'link'), result: variant({summary: 'linked'})},
      {plugin: plugin('user-acme', 'user'), result: variant({summary: 'user'})},
    ]))
    expect(found.map((f) => [f.plugin.type, f.active, f.shadowedBy?.name ?? null])).to.deep.equal([
      ['link', true, null],
      ['user', false, 'linked-acme'],
      ['core', false, 'linked-acme'],
    ])
    expect(activeHarness(found, 'acme')?.summary).to.equal('linked')
    expect(activeHarness(found, 'nobody')).to.equal(null)
  })
})
