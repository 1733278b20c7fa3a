import {expect} from 'chai'
import {c3AgoraRuntime} from '../../src/probes/c3-agora-runtime.js'
import type {SpawnRequest, SpawnResult} from '../../src/types.js'
import {baseDeclaration} from '../fixtures/base-declaration.js'
import {MCP_COMMAND, contextFor, fakePorts, ok, targetOf} from '../helpers.js'
import {the} from '../../../test/helpers/present.js'

describe('probes/c3-agora-runtime', () => {
  const target = targetOf(baseDeclaration('fx-unit'))
  const line = (fields: object) => JSON.stringify({component: 'agora-mcp', status: 'ok', agora: '0.1.0', mcp_sdk: '1.32.2', ...fields})
  const run = (result: SpawnResult, spawned: SpawnRequest[] = []) =>
    c3AgoraRuntime.run(contextFor(target, {ports: fakePorts({spawned, spawn: async (r) => (spawned.push(r), result)})}), new Map())

  it('passes a healthy self-check at this agora version, scrubbing AGORA_* from its env', async () => {
    const spawned: SpawnRequest[] = []
    const outcome = await run(ok(`starting\n${line({})}\n`), spawned)
    expect(the(spawned, 0).argv).to.deep.equal([MCP_COMMAND, '--self-check'])
    expect(the(spawned, 0).env).to.not.have.property('AGORA_API_KEY')
    expect(outcome).to.deep.include({status: 'PASS', detail: 'agora-mcp 0.1.0, mcp-sdk 1.32.2'})
  })

  it('fails a version mismatch', async () => {
    const outcome = await run(ok(line({agora: '0.0.9'})))
    expect(outcome.status).to.equal('FAIL')
    expect(outcome.detail).to.contain('reason=runtime-version-mismatch')
    expect(outcome.detail).to.contain('agora-mcp is 0.0.9, this agora is 0.1.0')
  })

  it('fails an unhealthy status, a missing self-check line, a timeout and a missing command', async () => {
    expect((await run(ok(line({status: 'error', detail: 'sdk missing'})))).detail).to.contain('reason=runtime-incompatible detail=sdk missing')
    expect((await run(ok('hello', {exitCode: 1, stderr: 'boom'}))).detail).to.contain('reason=invalid-self-check')
    expect((await run(ok('', {timedOut: true, exitCode: null}))).detail).to.contain('reason=self-check-timeout')
    expect((await run(ok('', {exitCode: null, error: 'spawn agora-mcp ENOENT'}))).detail).to.contain('reason=command-not-found')
  })

  it('keeps its failure on one line with stage, command, reason and action', async () => {
    const outcome = await run(ok(line({agora: '9'})))
    expect(outcome.detail).to.match(/^stage: mcp-runtime command=\S+ reason=\S+ detail=.+ action=.+$/)
    expect(outcome.detail).to.not.contain('\n')
  })
})
