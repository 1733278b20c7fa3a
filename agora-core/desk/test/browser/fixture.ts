// A real `agora up` process and a real headless Chromium (Debian's `chromium` package, driven by
// playwright-core): what an operator runs, as processes, with only the browser automated.
import {execFile, spawn} from 'node:child_process'
import type {ChildProcess} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {chromium} from 'playwright-core'
import type {Browser} from 'playwright-core'

export const REPO = resolve(fileURLToPath(new URL('../../../..', import.meta.url)))

/** CHROMIUM_PATH, else Debian's chromium (`.ci/run` installs it with apt when missing). */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[]
  const found = candidates.find(p => existsSync(p))
  if (!found) throw new Error('no Chromium for the desk browser tests: `apt-get install -y chromium` (or set CHROMIUM_PATH)')
  return found
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']})
}

export function run(args: string[], env: Record<string, string>): Promise<{code: number; stdout: string; stderr: string}> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGORA_')))
  return new Promise(done => {
    execFile(process.execPath, args, {cwd: REPO, env: {...clean, ...env}, timeout: 180_000}, (error, stdout, stderr) => {
      done({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr, stdout})
    })
  })
}

/** Build what `agora up` serves: the CLI packages (tsc) and the desk bundle (esbuild). */
export async function buildAll(): Promise<void> {
  const tsc = await run([join(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'bin', 'agora-core/desk'], {})
  if (tsc.code !== 0) throw new Error(`tsc -b failed:\n${tsc.stdout}${tsc.stderr}`)
  const ui = await run(['agora-core/desk/scripts/build-ui.mjs'], {})
  if (ui.code !== 0) throw new Error(`desk build failed:\n${ui.stdout}${ui.stderr}`)
}

export interface Up {
  url: string
  home: string
  adminKey: string
  child: ChildProcess
  stop(): Promise<void>
}

/** `agora up --port 0` in a fresh (or the given) AGORA_HOME; resolves once the ready line names the port. */
export async function agoraUp(home = join(mkdtempSync(join(tmpdir(), 'agora-desk-up-')), 'home')): Promise<Up> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGORA_')))
  const child = spawn(process.execPath, ['bin/run.js', 'up', '--port', '0', '--home', home], {cwd: REPO, env: {...clean, AGORA_RATE_PER_MINUTE: '60000'}})
  let out = ''
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`agora up did not start:\n${out}`)), 60_000)
    const read = (b: Buffer): void => {
      out += b.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        ok(m[1]!)
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('exit', code => fail(new Error(`agora up exited ${code}:\n${out}`)))
  })
  const config = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as {admin_key: string}
  return {
    url, home, adminKey: config.admin_key, child,
    stop: () => new Promise(done => {
      child.once('exit', () => done())
      child.kill('SIGTERM')
    }),
  }
}

export async function hubCall(url: string, key: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(url + path, {method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: {authorization: `Bearer ${key}`, ...(body === undefined ? {} : {'content-type': 'application/json'})}})
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text}`)
  return JSON.parse(text)
}
