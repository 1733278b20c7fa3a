import {expect} from 'chai'
import {tmpdir} from 'node:os'
import {argvTransport} from '../../src/argv/index.js'

const launch = (script: string, timeoutMs = 5000) => ({argv: [process.execPath, '-e', script], env: {PATH: process.env.PATH ?? ''}, cwd: tmpdir(), timeoutMs})

describe('argv transport', () => {
  it('probes a run that ends by itself as ended, whatever its exit code', async () => {
    const probe = await argvTransport.probe(launch('process.exit(4)'))
    expect(probe).to.include({ended: true, problem: null, exitCode: 4, timedOut: false})
  })

  it('probes a run that outlives its timeout as not ended, and names it', async () => {
    const probe = await argvTransport.probe(launch('setInterval(() => {}, 1000)', 600))
    expect(probe).to.include({ended: false, timedOut: true, problem: 'did not terminate within 1s with stdin closed'})
  })

  it('runs a turn as the process, its stdout the evidence; the prompt and session calls are the argv\'s business', async () => {
    const run = await argvTransport.runTurn({...launch('console.log(JSON.stringify({type: "done"}))'), prompt: 'ignored', session: null})
    expect(run).to.include({stdout: '{"type":"done"}\n', exitCode: 0, timedOut: false, spawnError: null})
  })
})
