import {expect} from 'chai'
import {tmpdir} from 'node:os'

import {spawnTurn} from '../../src/argv/spawn-turn.js'
import {pidAlive} from '../helpers.js'

const node = (script: string): string[] => [process.execPath, '-e', script]

describe('spawnTurn', () => {
  it('collects stdout and stderr and the exit code of a finished turn with stdin closed', async () => {
    const result = await spawnTurn({
      argv: node('process.stdin.on("data",()=>{}).on("end",()=>{console.log("stdin closed");console.error("err line");process.exit(3)})'),
      env: {PATH: process.env.PATH ?? ''}, cwd: tmpdir(), timeoutMs: 10_000,
    })
    expect(result).to.include({stdout: 'stdin closed\n', stderr: 'err line\n', exitCode: 3, timedOut: false, spawnError: null})
  })

  it('kills the whole group on timeout even when a grandchild holds the pipes', async () => {
    const script = `
      const {spawn} = require('node:child_process')
      const g = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {stdio: ['ignore', 'inherit', 'inherit']})
      console.log('grandchild ' + g.pid)
      setInterval(() => {}, 1000)`
    const result = await spawnTurn({argv: node(script), env: {PATH: process.env.PATH ?? ''}, cwd: tmpdir(), timeoutMs: 800})
    expect(result.timedOut).to.equal(true)
    const grandchild = Number(/grandchild (\d+)/.exec(result.stdout)?.[1])
    await new Promise((r) => setTimeout(r, 200))
    expect(pidAlive(grandchild)).to.equal(false)
  })

  it('reports a binary that does not exist as a spawn error', async () => {
    const result = await spawnTurn({argv: ['/nonexistent/agent-binary', '-p'], env: {}, cwd: tmpdir(), timeoutMs: 5000})
    expect(result.spawnError).to.match(/ENOENT/)
    expect(result.exitCode).to.equal(null)
  })
})
