import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {once} from 'node:events'
import {fileURLToPath} from 'node:url'

describe('cli', () => {
  it('prints the URL of a live stub on its first line and stops on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import=tsx', cli, '--port', '0'], {stdio: ['ignore', 'pipe', 'pipe']})
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer]
    const url = chunk.toString().trim()
    expect(url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await fetch(url, {method: 'HEAD'})
    expect(res.status).to.equal(200)
    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    expect(code).to.equal(0)
  })

  it('refuses a port that is not an integer', async () => {
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import=tsx', cli, '--port', 'x'], {stdio: ['ignore', 'pipe', 'pipe']})
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    const [code] = await once(child, 'exit')
    expect(code).to.equal(2)
    expect(err).to.contain('--port takes an integer')
  })

  it('prints its help with an example for --help and -h, and starts no server', async () => {
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
    for (const flag of ['--help', '-h']) {
      const child = spawn(process.execPath, ['--import=tsx', cli, flag], {stdio: ['ignore', 'pipe', 'pipe']})
      let out = ''
      child.stdout.on('data', (d: Buffer) => (out += d.toString()))
      const [code] = await once(child, 'exit')
      expect(code).to.equal(0)
      expect(out).to.match(/^model-stub: a scripted LLM server/)
      expect(out).to.contain('EXAMPLE').and.not.to.match(/^http:/m)
    }
  })

  it('refuses an unknown flag, naming the ones it takes', async () => {
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import=tsx', cli, '--prot', '1'], {stdio: ['ignore', 'pipe', 'pipe']})
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    const [code] = await once(child, 'exit')
    expect(code).to.equal(2)
    expect(err).to.match(/Unknown option '--prot'.*it takes --port N and --help/)
  })
})
