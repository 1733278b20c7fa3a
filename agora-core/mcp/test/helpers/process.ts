import {spawn} from 'node:child_process'
import {createRequire} from 'node:module'
import {chmodSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'

export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const LAUNCHER = join(PACKAGE_DIR, 'test', 'helpers', 'launch.ts')
export const LAUNCH_ARGS = ['--import=tsx', '--conditions=agora-source', LAUNCHER]

/** Only what a harness binding passes: no operator env leaks into the server. */
export function bindingEnv(extra: Record<string, string>): Record<string, string> {
  return {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...extra}
}

/** A fresh 0700 AGORA_HOME, optionally with keys.json (0600) and config.json (0600). */
export function tempHome(files: {keys?: Record<string, string>; config?: Record<string, unknown>} = {}): string {
  const home = mkdtempSync(join(tmpdir(), 'agora-mcp-home-'))
  chmodSync(home, 0o700)
  for (const [name, body] of Object.entries({keys: files.keys, config: files.config})) {
    if (!body) continue
    const file = join(home, `${name}.json`)
    writeFileSync(file, JSON.stringify(body), {mode: 0o600})
    chmodSync(file, 0o600)
  }
  return home
}

/** Run agora-mcp to completion with stdin closed; returns exit code and both streams. */
export function runProcess(args: string[], env: Record<string, string>): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...LAUNCH_ARGS, ...args], {cwd: PACKAGE_DIR, env, stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => { stdout += chunk })
    child.stderr.on('data', (chunk) => { stderr += chunk })
    child.on('error', reject)
    child.on('close', (code) => resolve({code, stdout, stderr}))
  })
}

/** An MCP client connected to a real agora-mcp subprocess over stdio. */
export async function connectSeat(env: Record<string, string>, cwd = PACKAGE_DIR): Promise<Client> {
  const client = new Client({name: 'agora-mcp-test', version: '0.0.0'})
  // outside the package, tsx is not resolvable by name, so the loader goes by its resolved URL
  const args = cwd === PACKAGE_DIR ? LAUNCH_ARGS : LAUNCH_ARGS.map((a) => (a === '--import=tsx' ? `--import=${pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'loader.mjs')).href}` : a))
  await client.connect(new StdioClientTransport({command: process.execPath, args, cwd, env, stderr: 'pipe'}))
  return client
}

export interface ToolText {
  text: string
  isError: boolean
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolText> {
  const result = await client.callTool({name, arguments: args}) as {content: Array<{type: string; text?: string}>; isError?: boolean}
  return {text: result.content.map((c) => c.text ?? '').join('\n'), isError: result.isError === true}
}

/** call() that fails the test on an isError result, showing the tool's own text. */
export async function must(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await call(client, name, args)
  if (result.isError) throw new Error(`${name} failed: ${result.text}`)
  return result.text
}
