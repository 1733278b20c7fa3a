import {expect} from 'chai'
import {LIVE_PROMPT, buildSurface, checkTurnInput} from '../src/surface.js'
import {baseDeclaration} from './fixtures/base-declaration.js'
import {MCP_COMMAND, contextFor, fakePorts, targetOf} from './helpers.js'

describe('surface', () => {
  it('builds a check turn with the live prompt, a fresh session and a per-harness state dir', () => {
    const decl = baseDeclaration('fx-unit')
    const input = checkTurnInput(contextFor(targetOf(decl)), decl, {model: 'm'})
    expect(input).to.deep.include({prompt: LIVE_PROMPT, kind: 'check', sessionId: null, model: 'm', workspace: '/tmp/workspace-fake'})
    expect(input.paths).to.deep.equal({pluginRoot: '/tmp', stateDir: '/tmp/agora-home-fake/harness-check/fx-unit'})
  })

  it('joins argv, argv-named files, carried files, env and the workspace config', async () => {
    const base = baseDeclaration('fx-unit')
    const decl = {
      ...base,
      workspace: {...base.workspace, mcpConfig: {path: '.fx/mcp.json', format: 'json' as const, entries: []}},
      buildCommand: () => ({argv: ['fx-unit-agent', 'conf.toml'], env: {FX: '1'}, files: [{path: '/s/carried', content: 'CARRIED'}]}),
    }
    const files = {'/tmp/workspace-fake/conf.toml': 'NAMED', '/tmp/workspace-fake/.fx/mcp.json': 'WIRED'}
    const surface = await buildSurface(contextFor(targetOf(decl), {ports: fakePorts({files})}), decl, {})
    for (const piece of ['fx-unit-agent', 'NAMED', 'CARRIED', '{"FX":"1"}', 'WIRED']) expect(surface.text).to.contain(piece)
    expect(surface.sources).to.deep.equal(['/tmp/workspace-fake/conf.toml', '/s/carried', '/tmp/workspace-fake/.fx/mcp.json'])
  })

  it('carries the MCP launch the context resolved', async () => {
    const decl = baseDeclaration('fx-unit')
    const surface = await buildSurface(contextFor(targetOf(decl)), decl, {})
    expect(surface.text).to.contain(MCP_COMMAND)
  })

  it('throws the contract refusal for a request the harness cannot carry', async () => {
    const decl = baseDeclaration('fx-unit', {supports: ['session'], reasoningVocab: []})
    let caught: unknown
    try {
      await buildSurface(contextFor(targetOf(decl)), decl, {model: 'x'})
    } catch (error) {
      caught = error
    }
    expect((caught as Error).name).to.equal('ContractRefusal')
  })

  it('leaves the prompt out, so a seat id that only the prompt mentions does not count', async () => {
    const base = baseDeclaration('fx-unit')
    const decl = {...base, buildCommand: (turn: {prompt: string}) => ({argv: ['fx-unit-agent', `--prompt=${turn.prompt}`], env: {}})}
    const ctx = contextFor(targetOf(decl), {seat: {agentId: 'whoami', url: 'http://127.0.0.1:8765', home: '/h', about: ''}})
    const surface = await buildSurface(ctx, decl as never, {})
    expect(surface.text).to.equal('fx-unit-agent\n--prompt=<prompt>\n{}')
  })
})
