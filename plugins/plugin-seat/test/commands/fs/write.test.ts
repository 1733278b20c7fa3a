import {expect} from 'chai'
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import FsDelete from '../../../src/commands/fs/delete.js'
import FsHistory from '../../../src/commands/fs/history.js'
import FsList from '../../../src/commands/fs/list.js'
import FsRead from '../../../src/commands/fs/read.js'
import FsWrite from '../../../src/commands/fs/write.js'
import {as, homeWithSeats, runCommand, runFailure, startHub} from '../../helpers/cli.js'
import type {RunningHub} from '../../helpers/cli.js'

describe('fs write', () => {
  let hub: RunningHub
  let home: string
  let seat: string[]
  before(async () => {
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice'])
    seat = as('alice', hub.url, home)
  })
  after(async () => hub.close())

  it('creates with --expect-version 0, refuses a stale CAS with 409, and lists the file', async () => {
    const {result} = await runCommand(FsWrite, ['commons', 'notes/a.md', '--content', '# A', '--expect-version', '0', '--description', 'first', ...seat])
    expect(result).to.include({path: 'notes/a.md', version: 1})
    const error = await runFailure(FsWrite, ['commons', 'notes/a.md', '--content', 'B', '--expect-version', '0', ...seat])
    expect(error.message).to.include('409')
    const {result: rows} = await runCommand(FsList, ['commons', '--prefix', 'notes/', ...seat])
    expect(rows.map((r) => [r.path, r.version])).to.deep.equal([['notes/a.md', 1]])
  })

  it('reads head and archived versions, and shows history after a delete', async () => {
    await runCommand(FsWrite, ['commons', 'h.md', '--content', 'v1', ...seat])
    await runCommand(FsWrite, ['commons', 'h.md', '--content', 'v2', '--expect-version', '1', ...seat])
    expect((await runCommand(FsRead, ['commons', 'h.md', ...seat])).result.content).to.equal('v2')
    expect((await runCommand(FsRead, ['commons', 'h.md', '--version', '1', ...seat])).result.content).to.equal('v1')
    expect((await runCommand(FsDelete, ['commons', 'h.md', '--expect-version', '2', ...seat])).result).to.deep.equal({deleted: true})
    const {result: history} = await runCommand(FsHistory, ['commons', 'h.md', ...seat])
    expect(history.map((m) => m.title)).to.deep.equal(['fs:put h.md', 'fs:put h.md', 'fs:delete h.md'])
    expect((await runFailure(FsRead, ['commons', 'h.md', ...seat])).message).to.include('404')
  })

  it('uploads non-UTF-8 bytes as base64 and writes them back exactly with --out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-fs-'))
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00, 0x01])
    writeFileSync(join(dir, 'in.bin'), bytes)
    const {result} = await runCommand(FsWrite, ['commons', 'blob.bin', '--file', join(dir, 'in.bin'), ...seat])
    expect(result.size_bytes).to.equal(bytes.length)
    await runCommand(FsRead, ['commons', 'blob.bin', '--out', join(dir, 'out.bin'), ...seat])
    expect(readFileSync(join(dir, 'out.bin')).equals(bytes)).to.equal(true)
  })

  it('requires exactly one of --content and --file', async () => {
    const error = await runFailure(FsWrite, ['commons', 'x.md', ...seat])
    expect(error.message).to.match(/content|file/)
  })
})
