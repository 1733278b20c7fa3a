import {expect} from 'chai'
import {c4ToolReach} from '../../src/probes/c4-tool-reach.js'
import type {HarnessDeclaration} from '@agora/contract'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {MCP_COMMAND, contextFor, fakePorts, targetOf} from '../helpers.js'

describe('probes/c4-tool-reach', () => {
  const run = (decl: HarnessDeclaration, files: Record<string, string> = {}) =>
    c4ToolReach.run(contextFor(targetOf(decl), {ports: fakePorts({files})}), new Map())
  /** A harness whose turn reads agora's binding from a workspace config file setup writes. */
  const configBound = (): HarnessDeclaration => {
    const base = baseDeclaration('fx-unit')
    return {
      ...base,
      workspace: {...base.workspace, mcpConfig: {path: '.fx/mcp.json', format: 'json', entries: []}},
      buildCommand: (turn) => ({argv: ['fx-unit-agent', '-p', turn.prompt], env: {}}),
    }
  }

  it('passes when the MCP command is in the built argv', async () => {
    expect((await run(baseDeclaration('fx-unit'))).status).to.equal('PASS')
  })

  it('passes when the MCP command is only in the workspace config setup wrote', async () => {
    const outcome = await run(configBound(), {'/tmp/workspace-fake/.fx/mcp.json': JSON.stringify({agora: {command: MCP_COMMAND}})})
    expect(outcome.status).to.equal('PASS')
    expect(outcome.details?.sources).to.deep.equal(['/tmp/workspace-fake/.fx/mcp.json'])
  })

  it('passes when the MCP command is in a file the command carries or an argv-named file', async () => {
    const base = baseDeclaration('fx-unit')
    const carried = {...base, buildCommand: () => ({argv: ['fx-unit-agent'], env: {}, files: [{path: '/s/state.json', content: MCP_COMMAND}]})}
    expect((await run(carried)).status).to.equal('PASS')
    const named = {...base, buildCommand: () => ({argv: ['fx-unit-agent', '--config', '/s/conf.json'], env: {}})}
    expect((await run(named, {'/s/conf.json': `command = "${MCP_COMMAND}"`})).status).to.equal('PASS')
  })

  it('fails an unwired workspace, telling the operator to run agora setup', async () => {
    const outcome = await run(configBound())
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.contain('agora setup seat-under-test --harness fx-unit')
    expect(outcome.detail).to.contain('.fx/mcp.json')
  })

  it('warns with the unverified limitation for an external tool server', async () => {
    const outcome = await run(baseDeclaration('fx-unit', {toolReach: 'external'}))
    expect(outcome.status).to.equal('WARN')
    expect(outcome.limitation).to.match(/^tool-reach=unverified/)
  })

  it('fails as declared unmet when tool-reach or single-turn is unmet', async () => {
    for (const item of ['tool-reach', 'single-turn'] as const) {
      const outcome = await run(baseDeclaration('fx-unit', {unmet: [item]}))
      expect(outcome).to.deep.include({status: 'FAIL', detail: `declared unmet (${item}) — no command can be built`})
    }
  })

  it('skips when only identity is unmet (agora builds no turn for it)', async () => {
    expect((await run(baseDeclaration('fx-unit', {unmet: ['identity']}))).status).to.equal('SKIP')
  })
})
