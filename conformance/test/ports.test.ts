import {expect} from 'chai'
import {chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {presenceReader, readSmallFile, spawnInGroup, whichIn, writePrivateFile} from '../src/ports.js'

/** Alive and not a zombie waiting for a reaper (PID 1 in a container may never reap it). */
function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return false
  }
}

describe('ports', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'agora-ports-'))
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))

  describe('spawnInGroup', () => {
    it('captures output and the exit code with stdin closed', async () => {
      const result = await spawnInGroup({argv: ['/bin/sh', '-c', 'cat; echo out; echo err >&2; exit 3'], cwd: dir, env: {PATH: '/usr/bin:/bin'}, timeoutMs: 5000})
      expect(result).to.deep.include({exitCode: 3, stdout: 'out\n', stderr: 'err\n', timedOut: false, error: null})
    })

    it('kills the whole process group on timeout, grandchildren holding the pipes included', async () => {
      const pidFile = join(dir, 'grandchild.pid')
      const result = await spawnInGroup({argv: ['/bin/sh', '-c', `sleep 30 & echo $! > ${pidFile}; wait`], cwd: dir, env: {PATH: '/usr/bin:/bin'}, timeoutMs: 300})
      expect(result.timedOut).to.equal(true)
      const grandchild = Number(readFileSync(pidFile, 'utf8'))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(running(grandchild)).to.equal(false)
    })

    it('reports a missing executable as an error, never a rejection', async () => {
      const result = await spawnInGroup({argv: ['/nonexistent/agent', '--version'], cwd: dir, env: {}, timeoutMs: 1000})
      expect(result.error).to.match(/ENOENT/)
      expect(result.timedOut).to.equal(false)
    })

    it('passes exactly the given env to the child', async () => {
      const result = await spawnInGroup({argv: ['/usr/bin/env'], cwd: dir, env: {ONLY_THIS: '1'}, timeoutMs: 5000})
      expect(result.stdout.trim().split('\n')).to.deep.equal(['ONLY_THIS=1'])
    })
  })

  describe('whichIn', () => {
    it('finds an executable file on the given PATH only', async () => {
      writeFileSync(join(dir, 'fx-agent'), '#!/bin/sh\n')
      chmodSync(join(dir, 'fx-agent'), 0o755)
      writeFileSync(join(dir, 'not-exec'), '')
      expect(await whichIn('fx-agent', {PATH: `/nonexistent:${dir}`})).to.equal(join(dir, 'fx-agent'))
      expect(await whichIn('not-exec', {PATH: dir})).to.equal(null)
      expect(await whichIn('fx-agent', {PATH: '/usr/bin'})).to.equal(null)
    })
  })

  describe('files', () => {
    it('reads small files and refuses directories, missing files and files over 1 MB', async () => {
      writeFileSync(join(dir, 'a.json'), '{}')
      writeFileSync(join(dir, 'big'), Buffer.alloc(1024 * 1024 + 1))
      expect(await readSmallFile(join(dir, 'a.json'))).to.equal('{}')
      expect(await readSmallFile(dir)).to.equal(null)
      expect(await readSmallFile(join(dir, 'nope'))).to.equal(null)
      expect(await readSmallFile(join(dir, 'big'))).to.equal(null)
    })

    it('writes a turn file 0600 in 0700 parents', async () => {
      const path = join(dir, 'state', 'deep', 'x.json')
      await writePrivateFile(path, 'x')
      expect(statSync(path).mode & 0o777).to.equal(0o600)
      expect(statSync(join(dir, 'state')).mode & 0o777).to.equal(0o700)
    })
  })

  describe('presenceReader', () => {
    it('reads updated_at with its credential, and -1 on any refusal', async () => {
      const seen: string[] = []
      const server = createServer((req, res) => {
        seen.push(`${req.url} ${req.headers.authorization}`)
        if (req.url === '/presence/seat-1') res.end(JSON.stringify({agent_id: 'seat-1', state: 'active', updated_at: 42.5}))
        else res.writeHead(404).end('{}')
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const hub = presenceReader(url, {label: 'the admin key', key: 'k1'})
      expect(hub.reader).to.equal('the admin key')
      expect(await hub.presenceUpdatedAt('seat-1')).to.equal(42.5)
      expect(await hub.presenceUpdatedAt('other')).to.equal(-1)
      expect(seen[0]).to.equal('/presence/seat-1 Bearer k1')
      server.close()
    })

    it('falls through a refused credential to the next and keeps the one the hub answered', async () => {
      const seen: string[] = []
      const server = createServer((req, res) => {
        seen.push(String(req.headers.authorization))
        if (req.headers.authorization === 'Bearer op-key') res.end(JSON.stringify({agent_id: 'seat-1', state: 'active', updated_at: 7}))
        else res.writeHead(403).end('{"detail":"the admin key is not a seat"}')
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const hub = presenceReader(url, [{label: 'the admin key', key: 'admin'}, {label: "seat op's key", key: 'op-key'}])
      expect(hub.reader).to.equal("the admin key or seat op's key")
      expect(await hub.presenceUpdatedAt('seat-1')).to.equal(7)
      expect(await hub.presenceUpdatedAt('seat-1')).to.equal(7)
      expect(hub.reader).to.equal("seat op's key")
      expect(seen).to.deep.equal(['Bearer admin', 'Bearer op-key', 'Bearer op-key'])
      server.close()
    })

    it('names why no hub answers /healthz, and answers null when one says ok', async () => {
      const server = createServer((req, res) => {
        if (req.url === '/healthz') res.end(JSON.stringify({ok: true}))
        else res.writeHead(404).end('{}')
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      expect(await presenceReader(url, null).unreachable()).to.equal(null)
      server.close()
      await new Promise((resolve) => server.once('close', resolve))
      expect(await presenceReader(url, null).unreachable()).to.equal('ECONNREFUSED')
    })

    it('has no reader and answers -1 without a credential', async () => {
      const hub = presenceReader('http://127.0.0.1:9', null)
      expect(hub.reader).to.equal(null)
      expect(await hub.presenceUpdatedAt('x')).to.equal(-1)
    })
  })
})
