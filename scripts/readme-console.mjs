#!/usr/bin/env node
// README console truth: runs every ```console block of the root README against a fresh hub, in a fresh HOME, with
// the checkout's own `agora`, and fails when what the commands print differs from what the README shows.
// Usage: node scripts/readme-console.mjs [README.md] [--json] [--only N]   (needs `npm run build` first)
//
// Directives, as an HTML comment on the line(s) right before a block (invisible on GitHub):
//   <!-- console: skip — <why> -->        the block is not run; the reason is printed (and must be given)
//   <!-- console: fresh -->               a new hub and HOME before this block (otherwise blocks share one, in order;
//                                         `agora up` starts the world's hub in the background, or does nothing if it serves)
//   <!-- console-setup                    commands run first, silently, each must exit 0; one per line
//   agora register alice
//   -->
// Matching: volatile tokens (ids, hashes, times, ports, temp paths, fence ids) are normalized on both sides; oclif's
// wrapped error lines are joined; a line `…` stands for any lines and `…` inside a line for any text.
import {spawn} from 'node:child_process'
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {homedir, tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

const REPO = dirname(dirname(fileURLToPath(import.meta.url)))
const README_PORT = '8765'

/** The blocks of a README with their directives and their commands (a `$ ` line) each with its expected output. */
export function parseBlocks(text) {
  const lines = text.split('\n')
  const blocks = []
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```console') continue
    const directives = {skip: null, fresh: false, setup: []}
    // Directives: the comment lines directly above the fence (blank lines allowed between).
    let j = i - 1
    while (j >= 0 && lines[j].trim() === '') j--
    if (j >= 0 && lines[j].trim().endsWith('-->')) {
      let k = j
      while (k >= 0 && !lines[k].includes('<!--')) k--
      const comment = lines.slice(k, j + 1).join('\n')
      const skip = /<!--\s*console:\s*skip\s*[—-]\s*([^]*?)\s*-->/.exec(comment)
      if (skip) directives.skip = skip[1]
      if (/<!--\s*console:\s*fresh\s*-->/.test(comment)) directives.fresh = true
      const setup = /<!--\s*console-setup\s*\n([^]*?)-->/.exec(comment)
      if (setup) directives.setup = setup[1].split('\n').map(l => l.trim()).filter(Boolean)
    }
    const commands = []
    let end = i + 1
    for (; end < lines.length && lines[end].trim() !== '```'; end++) {
      const line = lines[end]
      if (line.startsWith('$ ')) commands.push({command: line.slice(2), expected: []})
      else if (commands.length) commands[commands.length - 1].expected.push(line)
    }
    blocks.push({line: i + 1, directives, commands})
    i = end
  }
  return blocks
}

/** One text made comparable: volatile tokens replaced by names, oclif's wrapped error lines joined, trailing space cut. */
export function normalize(text, env = {}) {
  let t = text.replace(/\x1b\[[0-9;]*m/g, '')
  if (env.home) t = t.split(env.home).join('~')
  t = t.replace(/\/home\/me/g, '~')
  t = t.replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://127.0.0.1:PORT').replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
  t = t.replace(/⟦(\/?)AGORA:[0-9a-f]{8}/g, '⟦$1AGORA:FENCE')
  t = t.replace(/\b[0-9a-f]{64}\b/g, 'HASH')
  t = t.replace(/\b(invite|desk|jt)_[0-9a-f]{16,}/g, '$1_TOKEN')
  t = t.replace(/AGORA1\.[A-Za-z0-9_-]+/g, 'AGORA1.TOKEN')
  t = t.replace(/\b[0-9A-HJKMNP-TV-Z]{26}\b/g, 'ULID')
  t = t.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, 'UUID')
  t = t.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, 'TIME').replace(/\b\d{8}T\d{6}Z\b/g, 'STAMP')
  t = t.replace(/\b\d\d:\d\d UTC\b/g, 'HH:MM UTC').replace(/@[0-9a-f]{12}\b/g, '@COMMIT')
  t = t.replace(/^\[(\S+)( \(root-commit\))? [0-9a-f]{7,}\]/gm, '[$1 COMMIT]').replace(/, \d+ bytes;/g, ', N bytes;')
  t = t.replace(/\bin \d+(\.\d+)?s\b/g, 'in Ns').replace(/\bup \d+ s\b/g, 'up N s').replace(/\b(dur|after)=\d+(\.\d+)?s\b/g, '$1=Ns')
  t = t.replace(/\b(join token) [0-9a-f]{8}\b/g, '$1 ID')
  // oclif wraps ` ›   Error:` text at the terminal width: one logical line per error.
  const out = []
  for (const line of t.split('\n')) {
    const cont = /^ ›\s+(.*)$/.exec(line)
    if (cont && out.length && /^ › /.test(out[out.length - 1]) && !/^Error:/.test(cont[1])) out[out.length - 1] += ' ' + cont[1].trim()
    else out.push(cont ? ' › ' + cont[1].trim() : line.replace(/\s+$/, ''))
  }
  return out.map(l => l.replace(/ {2,}/g, m => (l.startsWith(' › ') ? ' ' : m))).join('\n').replace(/\n+$/, '')
}

/** Printed text as the README shows it: the world's HOME as /home/me, its work dir as ~/work, its port as 8765. */
function readable(text, world) {
  return text.split(world.home).join('/home/me').split(world.root).join('/tmp/demo').replace(new RegExp(`127\\.0\\.0\\.1:${world.port}\\b`, 'g'), `127.0.0.1:${README_PORT}`)
}

/** Does `actual` match the README's `expected` (`…` lines and `…` inside lines are wildcards)? */
export function matches(expected, actual) {
  const escape = s => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const parts = expected.split('\n').map(line => (line.trim() === '…' ? '(?:[^\\n]*\\n)*?' : escape(line).replace(/…/g, '[^\\n]*?') + '\\n'))
  return new RegExp('^' + parts.join('') + '$').test(actual + '\n')
}

/** A bash that keeps its cwd and variables across commands; each command's combined output and exit code. */
class Shell {
  constructor(env, cwd) {
    this.proc = spawn('bash', ['--noprofile', '--norc'], {env, cwd, stdio: ['pipe', 'pipe', 'pipe']})
    this.buf = ''
    this.proc.stdout.on('data', b => { this.buf += b; this.wake?.() })
    this.proc.stderr.on('data', b => { this.buf += b; this.wake?.() })
  }

  async run(command, timeoutMs = 120_000) {
    const mark = `__README_RC_${Math.random().toString(36).slice(2)}__`
    this.buf = ''
    this.proc.stdin.write(`{ ${command}\n} 2>&1 < /dev/null; echo "${mark}$?"\n`)
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const at = this.buf.indexOf(mark)
      if (at >= 0 && /\d+\n/.test(this.buf.slice(at + mark.length))) {
        const rc = Number(/^(\d+)/.exec(this.buf.slice(at + mark.length))[1])
        return {output: this.buf.slice(0, at), rc}
      }
      if (Date.now() > deadline) return {output: this.buf + `\n[timed out after ${timeoutMs} ms]`, rc: 124}
      await new Promise(r => { this.wake = r; setTimeout(r, 200) })
    }
  }

  close() { this.proc.kill('SIGKILL') }
}

/** A fresh world: temp HOME (0700), a work dir, `agora` on PATH as this checkout's CLI, and a hub on a free port. */
async function freshWorld() {
  const root = mkdtempSync(join(tmpdir(), 'readme-console-'))
  const home = join(root, 'home')
  const work = join(home, 'work')
  const bin = join(root, 'bin')
  for (const d of [home, work, bin]) mkdirSync(d, {recursive: true, mode: 0o700})
  writeFileSync(join(bin, 'agora'), `#!/bin/sh\nexec "${process.execPath}" "${join(REPO, 'bin', 'run.js')}" "$@"\n`)
  chmodSync(join(bin, 'agora'), 0o755)
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGORA_') && k !== 'CI'))
  // The real agent CLIs `conformance/scripts/install-real-clis.sh` caches under the user's own HOME, when present.
  const clis = join(homedir(), '.cache', 'agora-clis', 'node_modules', '.bin')
  const env = {...clean, HOME: home, PATH: `${bin}:${process.env.PATH}:${clis}`, NO_COLOR: '1', COLUMNS: '80', BROWSER: 'true', TZ: 'UTC',
    GIT_AUTHOR_NAME: 'demo', GIT_AUTHOR_EMAIL: 'demo@example.com', GIT_COMMITTER_NAME: 'demo', GIT_COMMITTER_EMAIL: 'demo@example.com'}
  const shell = new Shell(env, work)
  const port = (await shell.run(`"${process.execPath}" "${join(REPO, 'scripts', 'free-port.mjs')}"`)).output.trim()
  return {root, home, work, port, shell}
}

/**
 * A token the README elides in a command (`--token invite_d089…`) is the latest one this world printed with the same
 * stem (`invite_`: the text up to its last non-alphanumeric character; an all-hex prefix stands for a hex id).
 */
export function resolveElided(command, transcript) {
  return command.replace(/([A-Za-z0-9._-]+)…/g, (whole, prefix) => {
    const stem = /^(.*[^A-Za-z0-9])/.exec(prefix)?.[1] ?? ''
    const pattern = stem ? new RegExp(stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '[A-Za-z0-9_-]+', 'g') : /\b[0-9a-f]{16,}\b/g
    const found = transcript.match(pattern)
    return found ? found[found.length - 1] : whole
  })
}

/** README commands name port 8765; the world's hub listens on a free one. `agora up` runs in the background. */
function adapt(command, world) {
  let c = resolveElided(command, world.transcript ?? '').replace(/\/home\/me\b/g, world.home)
  c = c.replace(/127\.0\.0\.1:8765/g, `127.0.0.1:${world.port}`).replace(/--port 8765\b/g, `--port ${world.port}`)
  if (/^agora up\b/.test(c)) {
    // One hub per world: `agora up` starts it in the background unless it already serves (a later "first terminal").
    if (!/--port\b/.test(c)) c = c.replace(/^agora up/, `agora up --port ${world.port}`)
    c = c.replace(/\s+#.*$/, '')
    const log = join(world.root, 'up.log')
    return {command: `if ! (exec 3<>/dev/tcp/127.0.0.1/${world.port}) 2>/dev/null; then rm -f "${log}"; ${c} > "${log}" 2>&1 &
for i in $(seq 1 300); do grep -q 'listening on' "${log}" 2>/dev/null && break; sleep 0.1; done; cat "${log}"; fi`, background: true}
  }
  // npm scripts are the checkout's own: run them there, whatever folder the story is in.
  if (/^npm /.test(c)) c = `(cd "${REPO}" && ${c})`
  return {command: c, background: false}
}

export async function runReadme(file, only) {
  const text = readFileSync(file, 'utf8')
  const results = []
  let world = null
  const blocks = parseBlocks(text)
  for (const [index, block] of blocks.entries()) {
    const n = index + 1
    if (block.directives.skip) { results.push({block: n, line: block.line, status: 'skipped', reason: block.directives.skip}); continue }
    if (!block.commands.length) { results.push({block: n, line: block.line, status: 'skipped', reason: 'output only, no command to run'}); continue }
    // Blocks share one world in order, so --only N still runs the blocks before N (reporting only N).
    if (only && n > Math.max(...only)) break
    if (!world || block.directives.fresh) {
      if (world) await closeWorld(world)
      world = await freshWorld()
    }
    const failures = []
    for (const setup of block.directives.setup) {
      const r = await world.shell.run(adapt(setup, world).command)
      world.transcript = (world.transcript ?? '') + r.output
      if (r.rc !== 0) failures.push({command: `(setup) ${setup}`, expected: '(exit 0)', actual: `exit ${r.rc}\n${r.output}`})
    }
    for (const [index, {command, expected}] of block.commands.entries()) {
      const r = await world.shell.run(adapt(command, world).command)
      world.transcript = (world.transcript ?? '') + r.output
      // A command the README shows without output, with a trailing `# why` comment, is run for its exit code only.
      if (expected.every(l => l.trim() === '') && /\s#\s/.test(command)) {
        if (r.rc !== 0) failures.push({command, index, expected: '(exit 0)', actual: `exit ${r.rc}`, raw: readable(r.output, world)})
        continue
      }
      const want = normalize(expected.join('\n'))
      const got = normalize(r.output, world)
      if (!matches(want, got)) failures.push({command, index, expected: want, actual: got, raw: readable(r.output, world)})
    }
    results.push({block: n, line: block.line, status: failures.length ? 'failed' : 'passed', commands: block.commands.length, failures})
  }
  if (world) await closeWorld(world)
  return only ? results.filter(r => only.includes(r.block)) : results
}

async function closeWorld(world) {
  await world.shell.run('kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; true', 10_000)
  world.shell.close()
  rmSync(world.root, {recursive: true, force: true})
}

async function main() {
  const args = process.argv.slice(2)
  const json = args.includes('--json')
  const onlyAt = args.indexOf('--only')
  const only = onlyAt >= 0 ? args[onlyAt + 1].split(',').map(Number) : null
  const file = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--only') ?? join(REPO, 'README.md'))
  const results = await runReadme(file, only)
  if (args.includes('--accept')) accept(file, results)
  const failed = results.filter(r => r.status === 'failed')
  if (json) console.log(JSON.stringify(results, null, 2))
  else {
    for (const r of results) {
      if (r.status === 'skipped') console.log(`block ${r.block} (line ${r.line}): not run — ${r.reason}`)
      else console.log(`block ${r.block} (line ${r.line}): ${r.status} (${r.commands} command(s))`)
      for (const f of r.failures ?? []) {
        console.log(`  $ ${f.command}\n  --- README\n${indent(f.expected)}\n  +++ printed\n${indent(args.includes('--raw') ? f.raw : f.actual)}`)
      }
    }
    const ran = results.filter(r => r.status !== 'skipped').length
    console.log(`readme-console ${file.replace(REPO + '/', '')}: ${ran} block(s) run, ${failed.length} differ, ${results.length - ran} not run`)
  }
  process.exit(failed.length ? 1 : 0)
}

/** --accept: write what was printed into the README in place of each differing expectation (review the diff). */
function accept(file, results) {
  const lines = readFileSync(file, 'utf8').split('\n')
  // From the last block up, so earlier line numbers stay valid.
  for (const r of [...results].reverse()) {
    for (const f of [...(r.failures ?? [])].reverse()) {
      if (f.index < 0 || f.command.startsWith('(setup)')) continue
      let at = r.line, seen = -1
      while (seen < f.index) { at++; if (lines[at - 1].startsWith('$ ')) seen++ }
      let end = at
      while (!lines[end].startsWith('$ ') && lines[end].trim() !== '```') end++
      const printed = f.raw.replace(/\x1b\[[0-9;]*m/g, '').split('\n').map(l => l.replace(/\s+$/, ''))
      while (printed.length && printed[printed.length - 1] === '') printed.pop()
      lines.splice(at, end - at, ...printed)
    }
  }
  writeFileSync(file, lines.join('\n'))
}

const indent = s => s.split('\n').map(l => '    ' + l).join('\n')

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
