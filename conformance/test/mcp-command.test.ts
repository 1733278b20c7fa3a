import {expect} from 'chai'
import {chmodSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {resolveMcpCommand} from '../src/mcp-command.js'

describe('mcp-command', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'agora-mcp-cmd-'))
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))

  it('prefers the agora-mcp shipped beside the running agora', async () => {
    writeFileSync(join(dir, 'agora-mcp.js'), '')
    expect(await resolveMcpCommand(dir, {agora: './run.js', 'agora-mcp': './agora-mcp.js'}, {PATH: ''})).to.equal(join(dir, 'agora-mcp.js'))
  })

  it('falls back to agora-mcp on PATH, then to the bare name', async () => {
    writeFileSync(join(dir, 'agora-mcp'), '#!/bin/sh\n')
    chmodSync(join(dir, 'agora-mcp'), 0o755)
    expect(await resolveMcpCommand('/nonexistent', {'agora-mcp': './agora-mcp.js'}, {PATH: dir})).to.equal(join(dir, 'agora-mcp'))
    expect(await resolveMcpCommand('/nonexistent', undefined, {PATH: ''})).to.equal('agora-mcp')
  })
})
