import {expect} from 'chai'
import {spawn, execFileSync} from 'node:child_process'
import type {ChildProcess} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {createServer} from 'node:net'
import type {AddressInfo} from 'node:net'
import {the} from '../../../../test/helpers/present.js'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

interface Running {child: ChildProcess; url: string; out: () => string}

/** Spawn the real CLI and wait for its one ready line. */
function up(home: string, extraEnv: Record<string, string> = {}, port = 0, detached = false, extra: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, [join(root, 'bin/run.js'), 'up', '--port', String(port), '--home', home, ...extra], {
    cwd: root, env: {...process.env, ...extraEnv}, stdio: ['ignore', 'pipe', 'pipe'], detached,
  })
  let out = ''
  let err = ''
  child.stderr!.on('data', d => { err += d })
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', d => {
      out += d
      const url = /agora hub listening on (http:\/\/127\.0\.0\.1:\d+) \(agora\/0\.4, db (.+)\)/.exec(out)?.[1]
      if (url) resolve({child, url, out: () => out})
    })
    child.once('exit', code => reject(new Error(`agora up exited ${code}: ${out}${err}`)))
  })
}

/** Command lines of the direct children of `pid` (Linux /proc). */
function childCommands(pid: number): string[][] {
  const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
  return kids.map(k => readFileSync(`/proc/${k}/cmdline`, 'utf8').split('\0').filter(Boolean))
}

/** True while `pid` runs (a zombie awaiting its reaper has stopped running). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

function stop(r: Running, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise(resolve => {
    r.child.removeAllListeners('exit')
    r.child.once('exit', code => resolve(code))
    r.child.kill(signal)
  })
}

describe('agora up', function () {
  this.timeout(120_000)
  before(() => {
    execFileSync('npx', ['tsc', '-b', 'bin', 'plugins/plugin-hub'], {cwd: root, stdio: 'inherit'})
  })

  it('creates the home on first run, serves /healthz on the reported port and stops on SIGTERM', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
    const r = await up(home)
    const health = await (await fetch(`${r.url}/healthz`)).json()
    expect(health).to.include({ok: true, protocol: 'agora/0.4'})
    expect(statSync(home).mode & 0o777).to.equal(0o700)
    expect(statSync(join(home, 'config.json')).mode & 0o777).to.equal(0o600)
    const config = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'))
    expect(config.url).to.equal(r.url)
    expect(config.admin_key).to.match(/^[0-9a-f]{32}$/)
    expect(config.db_path).to.equal(join(home, 'agora.db'))
    expect(await stop(r, 'SIGTERM')).to.equal(0)
    expect(r.out()).to.contain('agora hub stopped')
  })

  it('reuses the admin key and the database on later runs and stops on SIGINT', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
    const first = await up(home)
    const adminKey = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')).admin_key
    const reg = await fetch(`${first.url}/agents`, {method: 'POST', headers: {authorization: `Bearer ${adminKey}`, 'content-type': 'application/json'}, body: JSON.stringify({id: 'alice'})})
    expect(reg.status).to.equal(200)
    expect(await stop(first, 'SIGINT')).to.equal(0)
    const second = await up(home)
    expect(JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')).admin_key).to.equal(adminKey)
    const again = await fetch(`${second.url}/agents`, {method: 'POST', headers: {authorization: `Bearer ${adminKey}`, 'content-type': 'application/json'}, body: JSON.stringify({id: 'alice'})})
    expect(again.status).to.equal(409)
    expect(await stop(second, 'SIGTERM')).to.equal(0)
  })

  it('names the fix when the port is taken, exiting 1', async () => {
    const blocker = createServer()
    await new Promise<void>(resolve => blocker.listen(0, '127.0.0.1', () => resolve()))
    const port = (blocker.address() as AddressInfo).port
    try {
      const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
      const err = await up(home, {}, port).then(() => null, (e: Error) => e)
      expect(err?.message).to.match(new RegExp(`exited 1: .*127\\.0\\.0\\.1:${port} is already in use; stop the other hub or pass\\s+(›\\s+)?--port 0`, 's'))
    } finally { blocker.close() }
  })

  it('refuses a malformed AGORA_RATE_PER_MINUTE with exit 2', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
    const err = await up(home, {AGORA_RATE_PER_MINUTE: 'fast'}).then(() => null, (e: Error) => e)
    expect(err?.message).to.match(/exited 2: .*AGORA_RATE_PER_MINUTE=fast/s)
  })

  it('serves in the agora process itself, with no child, when no node flags are asked for', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
    const r = await up(home)
    expect(childCommands(r.child.pid!)).to.deep.equal([])
    expect(readFileSync(`/proc/${r.child.pid}/cmdline`, 'utf8').split('\0')).to.include('up')
    expect(await stop(r, 'SIGTERM')).to.equal(0)
  })

  it('refuses an unknown flag and a bad port with exit 2, naming the fix, before creating anything', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
    const unknown = await up(home, {}, 0, false, ['--verbose']).then(() => null, (e: Error) => e)
    expect(unknown?.message).to.match(/exited 2: .*Unknown option '--verbose'; see `agora up --help`/s)
    const port = await up(home, {}, 0, false, ['--port', 'x']).then(() => null, (e: Error) => e)
    expect(port?.message).to.match(/exited 2: .*--port expects an integer but received 'x'/s)
    expect(existsSync(home)).to.equal(false)
  })

  it('refuses a --db that is neither a file path nor a postgres:// URL with exit 2, naming both, before creating anything', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
    for (const db of ['postgres:', 'mysql://agora:pw@db/agora']) {
      const err = await up(home, {}, 0, false, ['--db', db]).then(() => null, (e: Error) => e)
      expect(err?.message).to.match(/exited 2: .*is not supported: pass a SQLite file path \(\.\/agora\.db\) or a PostgreSQL URL/s)
      expect(err?.message).to.not.include(':pw@')
    }
    expect(existsSync(join(root, 'postgres:'))).to.equal(false)
    expect(existsSync(home)).to.equal(false)
  })

  it('serves from one lean node child running serve.js with the AGORA_HUB_NODE_OPTIONS flags', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
    const r = await up(home, {AGORA_HUB_NODE_OPTIONS: '--max-semi-space-size=1 --max-old-space-size=512'})
    const kids = childCommands(r.child.pid!)
    expect(kids).to.have.length(1)
    expect(the(kids, 0).some(a => /plugin-hub\/dist\/serve\.js$/.test(a))).to.equal(true)
    expect(the(kids, 0).indexOf('--max-semi-space-size=1')).to.be.greaterThan(0)
    expect(the(kids, 0).indexOf('--max-old-space-size=512')).to.be.greaterThan(the(kids, 0).indexOf('--max-semi-space-size=1'))
    expect(the(kids, 0).join(' ')).not.to.contain('admin_key')
    expect(await stop(r, 'SIGTERM')).to.equal(0)
    expect(r.out().match(/agora hub listening on/g)).to.have.length(1)
  })

  it('stops cleanly once when Ctrl-C reaches the whole process group', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
    const r = await up(home, {}, 0, true)
    // 'close', not 'exit': the last stdout line may still be in the pipe when the process exits.
    const code = new Promise<number | null>(resolve => { r.child.removeAllListeners('exit'); r.child.once('close', c => resolve(c)) })
    process.kill(-r.child.pid!, 'SIGINT')
    expect(await code).to.equal(0)
    expect(r.out().match(/agora hub stopped/g)).to.have.length(1)
  })

  for (const [label, env] of [['in-process', {}], ['under AGORA_HUB_NODE_OPTIONS', {AGORA_HUB_NODE_OPTIONS: '--max-semi-space-size=1'}]] as const) {
    it(`stops when the launcher that started it is killed with SIGKILL (${label})`, async () => {
      const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
      // The launcher stands in for npx: it starts `agora up` and waits, as npm exec does.
      const wrapper = spawn(process.execPath, ['-e', `
        const {spawn} = require('node:child_process')
        const hub = spawn(process.execPath, [${JSON.stringify(join(root, 'bin/run.js'))}, 'up', '--port', '0', '--home', ${JSON.stringify(home)}], {stdio: ['ignore', 'pipe', 'inherit']})
        hub.stdout.on('data', (d) => process.stdout.write('hub ' + hub.pid + ': ' + d))
        setInterval(() => {}, 1 << 30)`], {cwd: root, env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']})
      let out = ''
      wrapper.stdout!.on('data', d => { out += d })
      try {
        while (!/agora hub listening on/.test(out)) {
          if (wrapper.exitCode !== null) throw new Error(`the launcher exited ${wrapper.exitCode}: ${out}`)
          await new Promise(r => setTimeout(r, 50))
        }
        const [, pid, url] = /hub (\d+): agora hub listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)!
        expect((await fetch(`${url}/healthz`)).status).to.equal(200)
        wrapper.kill('SIGKILL')
        while (alive(Number(pid))) await new Promise(r => setTimeout(r, 100))
        const after = await fetch(`${url}/healthz`).then(() => 'served', () => 'refused')
        expect(after).to.equal('refused')
      } finally {
        wrapper.kill('SIGKILL')
      }
    })
  }

  it('refuses an AGORA_HUB_NODE_OPTIONS word that is not a --flag with exit 2', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
    const err = await up(home, {AGORA_HUB_NODE_OPTIONS: '--max-semi-space-size=1 fast'}).then(() => null, (e: Error) => e)
    expect(err?.message).to.match(/exited 2: .*AGORA_HUB_NODE_OPTIONS holds 'fast'/s)
  })

  it('names AGORA_HUB_NODE_OPTIONS with exit 2 when node refuses one of its flags', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'agora-up-')), 'home')
    const err = await up(home, {AGORA_HUB_NODE_OPTIONS: '--no-such-node-flag'}).then(() => null, (e: Error) => e)
    expect(err?.message).to.match(/exited 2: .*bad option: --no-such-node-flag.*node refused AGORA_HUB_NODE_OPTIONS='--no-such-node-flag'/s)
  })
})
