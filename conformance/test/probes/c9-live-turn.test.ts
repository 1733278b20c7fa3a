import {expect} from 'chai'
import type {HarnessDeclaration} from '@agora/contract'
import {c9LiveTurn, calledWhoami} from '../../src/probes/c9-live-turn.js'
import type {HubPort, SpawnRequest, SpawnResult} from '../../src/types.js'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {contextFor, fakePorts, ok, targetOf} from '../helpers.js'
import {the} from '../../../test/helpers/present.js'

const lines = (...objects: unknown[]) => objects.map((o) => JSON.stringify(o)).join('\n')
const call = (id: string, tool: string) => ({type: 'call', id, tool})
const result = (id: string) => ({type: 'result', id, output: '{"id":"seat-under-test"}'})

describe('probes/c9-live-turn', () => {
  const run = async (decl: HarnessDeclaration, answer: SpawnResult, options: {hub?: HubPort; liveRequest?: {model?: string}} = {}) => {
    const spawned: SpawnRequest[] = []
    const files: Record<string, string> = {}
    const ports = fakePorts({files, spawned, spawn: async (r) => (spawned.push(r), answer), ...(options.hub ? {hub: options.hub} : {})})
    const ctx = contextFor(targetOf(decl), {live: true, ports, liveRequest: options.liveRequest ?? {}})
    return {outcome: await c9LiveTurn.run(ctx, new Map()), spawned, files}
  }
  const whoamiTurn = ok(lines({type: 'init', session: 'S1'}, call('1', 'fx__agora__whoami'), result('1'), {type: 'done'}))

  it('passes a turn whose evidence shows whoami called, spawning the built argv in the workspace with AGORA_* scrubbed and the turn marked a check', async () => {
    const {outcome, spawned} = await run(baseDeclaration('fx-unit'), whoamiTurn)
    expect(outcome.status).to.equal('PASS')
    expect(outcome.detail).to.match(/^one real turn called whoami \(tools: whoami\)/)
    expect(the(spawned, 0).argv[0]).to.equal('fx-unit-agent')
    expect(the(spawned, 0).argv.at(-1)).to.contain('whoami')
    expect(the(spawned, 0).cwd).to.equal('/tmp/workspace-fake')
    expect(the(spawned, 0).env).to.not.have.property('AGORA_API_KEY')
    expect(the(spawned, 0).env.AGORA_TURN).to.equal('check')
    expect(the(spawned, 0).timeoutMs).to.equal(300_000)
  })

  it('recognises prefixed tool names (the reference missed agora_whoami and mcp__agora__whoami)', () => {
    const decl = baseDeclaration('fx-unit', {evidence: {...baseDeclaration('fx-unit').evidence!, toolNamePrefixes: ['agora_', 'mcp__agora__']}})
    expect(calledWhoami(decl, ['agora_whoami'])).to.equal(true)
    expect(calledWhoami(decl, ['mcp__agora__whoami'])).to.equal(true)
    expect(calledWhoami(decl, ['whoami'])).to.equal(true)
    expect(calledWhoami(decl, ['agora_check_inbox'])).to.equal(false)
  })

  it('writes the files the command carries before the turn', async () => {
    const base = baseDeclaration('fx-unit')
    const decl = {...base, buildCommand: (turn: Parameters<HarnessDeclaration['buildCommand']>[0]) => ({...base.buildCommand(turn), files: [{path: '/tmp/state/fx.json', content: '{}'}]})}
    const {files} = await run(decl, whoamiTurn)
    expect(files['/tmp/state/fx.json']).to.equal('{}')
  })

  it('fails a turn that ended ok without calling whoami', async () => {
    const {outcome} = await run(baseDeclaration('fx-unit'), ok(lines(call('1', 'fx__agora__check_inbox'), result('1'), {type: 'done'})))
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.contain('never called whoami (tools: check_inbox)')
  })

  it('fails with the stage and reason of a failed turn, and says why the hub was not consulted', async () => {
    const {outcome} = await run(baseDeclaration('fx-unit'), ok('', {exitCode: 2, stderr: 'bad flag'}))
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.contain('stage=harness reason=nonzero-exit bad flag')
    expect(outcome.detail).to.contain('hub presence not consulted')
    expect(outcome.details).to.include({stderrTail: 'bad flag'})
  })

  it('passes by hub presence advancing when the stream proves nothing', async () => {
    const seen = [5, 9]
    const hub: HubPort = {reader: 'the admin key', presenceUpdatedAt: async () => seen.shift() ?? -1, unreachable: async () => null}
    const {outcome} = await run(baseDeclaration('fx-unit', {evidence: null, unmet: ['evidence']}), ok(''), {hub})
    expect(outcome.status).to.equal('PASS')
    expect(outcome.detail).to.match(/^hub presence advanced during the turn/)
  })

  it('fails when hub presence did not advance', async () => {
    const hub: HubPort = {reader: 'the admin key', presenceUpdatedAt: async () => 5, unreachable: async () => null}
    const {outcome} = await run(baseDeclaration('fx-unit', {evidence: null, unmet: ['evidence']}), ok(''), {hub})
    expect(outcome.status).to.equal('FAIL')
  })

  it('says when the hub presence record could not be read', async () => {
    const hub: HubPort = {reader: 'the admin key', presenceUpdatedAt: async () => -1, unreachable: async () => null}
    const {outcome} = await run(baseDeclaration('fx-unit', {evidence: null, unmet: ['evidence']}), ok(''), {hub})
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.contain('hub presence could not be read with the admin key')
  })

  it('fails without spawning the turn when no hub answers, naming the command that starts one', async () => {
    const hub: HubPort = {reader: null, presenceUpdatedAt: async () => -1, unreachable: async () => 'ECONNREFUSED'}
    const {outcome, spawned} = await run(baseDeclaration('fx-unit'), whoamiTurn, {hub})
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.equal('no hub answers at http://127.0.0.1:8765 (ECONNREFUSED): start one with `agora up`, or pass --url <hub>')
    expect(spawned).to.deep.equal([])
  })

  it('reports a timeout', async () => {
    const {outcome} = await run(baseDeclaration('fx-unit'), ok('', {exitCode: null, timedOut: true}))
    expect(outcome.detail).to.match(/^timed out after 300s; stage=infrastructure reason=no-tool-calls/)
  })

  it('fails when the live request itself is refused', async () => {
    const decl = baseDeclaration('fx-unit', {supports: ['session'], reasoningVocab: []})
    const {outcome, spawned} = await run(decl, whoamiTurn, {liveRequest: {model: 'fake/fake-model'}})
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.match(/^the live request is refused: --model is not supported/)
    expect(spawned).to.deep.equal([])
  })
})
