import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {resolve} from 'node:path'

import {as, homeWithSeats, PLUGIN_ROOT, startHub} from './helpers/cli.js'
import type {RunningHub} from './helpers/cli.js'

const REPO = resolve(PLUGIN_ROOT, '..', '..')

interface Outcome {
  code: number
  stdout: string
  stderr: string
}

function run(file: string, args: string[], timeout = 180_000): Promise<Outcome> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGORA_')))
  return new Promise((done) => {
    execFile(file, args, {cwd: REPO, env, timeout}, (error, stdout, stderr) => {
      done({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr, stdout})
    })
  })
}

describe('cli-process', () => {
  let hub: RunningHub
  let seat: string[]
  before(async function () {
    this.timeout(240_000)
    // Only this plugin (and the core packages it references) is rebuilt; the CLI root is built by `npm run build`.
    const build = await run(process.execPath, [resolve(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'plugins/plugin-seat'])
    if (build.code !== 0) throw new Error(`tsc -b plugins/plugin-seat failed:\n${build.stdout}${build.stderr}`)
    hub = await startHub()
    seat = as('alice', hub.url, await homeWithSeats(hub.url, ['alice']))
  })
  after(async () => hub?.close())

  it('runs `agora whoami --json` through bin/run.js as a child process', async function () {
    this.timeout(60_000)
    const out = await run(process.execPath, ['bin/run.js', 'whoami', ...seat, '--json'])
    expect(out.code, out.stderr).to.equal(0)
    expect(JSON.parse(out.stdout)).to.include({id: 'alice', protocol: 'agora/0.4'})
  })

  it('posts and verifies the ledger through the real binary, exiting 0 on INTACT', async function () {
    this.timeout(60_000)
    const posted = await run(process.execPath, ['bin/run.js', 'post', 'commons', 'from a child', '--data', '{"n":2.0}', ...seat, '--json'])
    expect(posted.code, posted.stderr).to.equal(0)
    expect(JSON.parse(posted.stdout)).to.include({body: 'from a child', channel: 'commons'})
    const verified = await run(process.execPath, ['bin/run.js', 'ledger', 'verify', 'commons', ...seat])
    expect(verified.code, verified.stderr).to.equal(0)
    expect(verified.stdout).to.match(/^INTACT commons turns=\d+/)
  })

  it('exits 1 with the hub\'s teaching detail on stderr for an unknown channel', async function () {
    this.timeout(60_000)
    const out = await run(process.execPath, ['bin/run.js', 'read', 'no-such-room', '1', ...seat])
    expect(out.code).to.equal(1)
    expect(out.stderr).to.include('404')
  })

  it('speaks a hub refusal as advice: the detail, the command to run next, the HTTP exchange last', async function () {
    this.timeout(60_000)
    const out = await run(process.execPath, ['bin/run.js', 'mission', 'set', 'alice', 'take over the world', ...seat])
    expect(out.code).to.equal(1)
    expect(out.stderr).not.to.include('→')
    expect(out.stderr).to.match(/Run `agora whoami` to see this seat's role/)
    expect(out.stderr).to.match(/\(hub answered 403 to PUT \/admin\/agents\/alice\/mission\)/)
  })
})
