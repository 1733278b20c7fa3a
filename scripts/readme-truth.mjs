#!/usr/bin/env node
// README truth: the root README's mechanically checkable claims, on a fresh checkout (no build needed).
// Every `agora <command>` it shows must be a command (or topic) of the CLI, every relative link and
// #anchor must resolve, every `npm run <script>` must be a script of package.json (or of the workspace
// named with -w). Usage: node scripts/readme-truth.mjs [README.md] [--json]; exit 1 names each broken claim.
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import {dirname, join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

const REPO = dirname(dirname(fileURLToPath(import.meta.url)))
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))

/** Workspace packages by name and by folder, for `-w` and for the CLI's plugins. */
export function workspaces(root = REPO) {
  const byName = new Map()
  for (const pattern of readJson(join(root, 'package.json')).workspaces ?? []) {
    const dirs = pattern.endsWith('/*') ? readdirSync(join(root, pattern.slice(0, -2))).map((d) => join(pattern.slice(0, -2), d)) : [pattern]
    for (const dir of dirs) {
      const file = join(root, dir, 'package.json')
      if (existsSync(file)) byName.set(readJson(file).name, {dir: join(root, dir), rel: dir, pkg: readJson(file)})
    }
  }
  return byName
}

/** Command ids from a commands folder of TypeScript sources (`lease/take.ts` → `lease take`, `x/index.ts` → `x`), aliases included. */
function sourceCommands(dir, prefix = []) {
  const ids = []
  if (!existsSync(dir)) return ids
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) { ids.push(...sourceCommands(path, [...prefix, name])); continue }
    if (!/\.ts$/.test(name) || /\.d\.ts$/.test(name)) continue
    const id = name === 'index.ts' ? prefix : [...prefix, name.replace(/\.ts$/, '')]
    if (id.length) ids.push(id.join(' '))
    const aliases = /static (?:override )?aliases\s*=\s*\[([^\]]*)\]/.exec(readFileSync(path, 'utf8'))
    for (const m of aliases?.[1].matchAll(/['"]([^'"]+)['"]/g) ?? []) ids.push(m[1].replace(/:/g, ' '))
  }
  return ids
}

/** Every command id of the `agora` CLI: its workspace plugins read from source, @oclif plugins from their shipped manifests. */
export function cliCommands(root = REPO) {
  const spaces = workspaces(root)
  const cli = [...spaces.values()].find((w) => w.pkg.oclif?.bin === 'agora')
  if (!cli) throw new Error('no workspace package declares oclif.bin "agora"')
  const ids = new Set()
  for (const plugin of [cli.pkg.name, ...(cli.pkg.oclif.plugins ?? [])]) {
    const local = spaces.get(plugin)
    if (local) {
      const commands = local.pkg.oclif?.commands
      if (typeof commands === 'string') for (const id of sourceCommands(join(local.dir, commands.replace(/^\.\/dist\//, 'src/').replace(/^\.\//, '')))) ids.add(id)
      continue
    }
    const manifest = join(root, 'node_modules', plugin, 'oclif.manifest.json')
    if (!existsSync(manifest)) throw new Error(`${plugin} has no oclif.manifest.json under node_modules; run npm ci`)
    for (const [id, c] of Object.entries(readJson(manifest).commands)) for (const name of [id, ...(c.aliases ?? [])]) ids.add(name.replace(/:/g, ' '))
  }
  return ids
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(markdown) {
  const seen = new Map()
  const out = new Set()
  let fence = null
  for (const line of markdown.split('\n')) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line)
    if (f) { if (!fence) fence = f[1][0]; else if (f[1][0] === fence) fence = null; continue }
    if (fence) continue
    for (const m of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) out.add(m[1])
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!h) continue
    const text = h[1].replace(/`([^`]*)`/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '')
    const base = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n ? `${base}-${n}` : base)
  }
  return out
}

/** The README as (line number, text, where) with where = 'prose' | 'console' | 'code'. */
function lines(markdown) {
  const out = []
  let fence = null
  markdown.split('\n').forEach((text, i) => {
    const f = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(text)
    if (f) {
      if (!fence) fence = {mark: f[1][0], lang: f[2]}
      else if (f[1][0] === fence.mark && !f[2]) fence = null
      return
    }
    out.push({line: i + 1, text, where: !fence ? 'prose' : fence.lang === 'console' ? 'console' : fence.lang === '' || /^(sh|bash|shell|yaml|yml)$/.test(fence.lang) ? 'code' : 'other'})
  })
  return out
}

/** The shell-ish snippets of a README line that may name commands: code spans in prose, `$ ` lines of console blocks, sh/yaml lines. */
function snippets({text, where}) {
  if (where === 'prose') return [...text.matchAll(/(`+)([^`]+?)\1/g)].map((m) => m[2])
  if (where === 'console') return text.startsWith('$ ') ? [text.slice(2)] : []
  if (where === 'code') return [text.replace(/(^|\s)#.*$/, '')]
  return []
}

const WORD = /^[a-z][a-z0-9-]*$/

/** The command a snippet runs after `agora `, checked against the CLI: null when fine, else the problem. */
export function checkAgora(words, commands) {
  const topics = new Set([...commands].flatMap((id) => id.split(' ').slice(0, -1).map((_, i, a) => a.slice(0, i + 1).join(' '))))
  const tokens = []
  for (const w of words) { if (!WORD.test(w.replace(/\|/g, '')) || w.startsWith('-')) break; tokens.push(w) }
  if (!tokens.length) return null
  // `lease take|renew|release` names several subcommands at once: each must exist.
  const expanded = tokens.reduce((acc, t) => acc.flatMap((a) => t.split('|').filter(Boolean).map((alt) => [...a, alt])), [[]])
  for (const ws of expanded) {
    const longest = (set) => { let n = ws.length; while (n > 0 && !set.has(ws.slice(0, n).join(' '))) n--; return n }
    const k = longest(commands) // words that are a command; the rest are its arguments
    const t = longest(topics) // words that are a topic
    if (k === 0 && t === 0) return `\`agora ${ws[0]}\` is not a command of the CLI`
    if (k >= t || t === ws.length) continue // a command with arguments, or a topic named on its own
    const topic = ws.slice(0, t).join(' ')
    const subs = [...new Set([...commands].filter((id) => id.startsWith(topic + ' ')).map((id) => id.split(' ')[t]))]
    return `\`agora ${topic} ${ws[t]}\` is not a command of the CLI (\`agora ${topic}\` has ${subs.join(', ')})`
  }
  return null
}

/** The script a snippet's `npm run X [-w ws]` names, checked against package.json: null when fine, else the problem. */
export function checkNpmRun(words, spaces, rootPkg) {
  const rest = words.filter((w) => !/^(-s|--silent|-ws|--if-present)$/.test(w))
  const name = rest[0]
  if (!name || !/^[\w:.…-]+$/.test(name)) return null
  const wsFlag = rest.findIndex((w) => w === '-w' || w === '--workspace' || w.startsWith('--workspace='))
  let pkg = rootPkg
  let where = 'package.json'
  if (wsFlag >= 0) {
    const ws = rest[wsFlag].includes('=') ? rest[wsFlag].split('=')[1] : rest[wsFlag + 1]
    const found = spaces.get(ws) ?? [...spaces.values()].find((w) => w.rel === ws.replace(/^\.\//, '').replace(/\/$/, ''))
    if (!found) return `\`npm run ${name} -w ${ws}\`: no workspace ${ws}`
    pkg = found.pkg
    where = `${found.rel}/package.json`
  }
  const scripts = Object.keys(pkg.scripts ?? {})
  const ok = name.endsWith('…') ? scripts.some((s) => s.startsWith(name.slice(0, -1))) : scripts.includes(name)
  return ok ? null : `\`npm run ${name}\` is not a script of ${where} (it has ${scripts.join(', ')})`
}

/** Every relative link of the README and its anchor: null when it resolves, else the problem. */
export function checkLink(target, readme, anchorCache) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null
  const [path, anchor] = target.split('#')
  const file = path ? resolve(dirname(readme), decodeURIComponent(path)) : readme
  if (!existsSync(file)) return `link \`${target}\`: ${relative(dirname(readme), file) || file} does not exist`
  if (anchor === undefined || anchor === '') return null
  if (!/\.md$/i.test(file)) return null
  if (!anchorCache.has(file)) anchorCache.set(file, anchors(readFileSync(file, 'utf8')))
  return anchorCache.get(file).has(decodeURIComponent(anchor).toLowerCase()) ? null : `link \`${target}\`: no heading with anchor #${anchor} in ${relative(dirname(readme), file) || 'this file'}`
}

export function readmeTruth(readme = join(REPO, 'README.md'), root = REPO) {
  const markdown = readFileSync(readme, 'utf8')
  const commands = cliCommands(root)
  const spaces = workspaces(root)
  const rootPkg = readJson(join(root, 'package.json'))
  const anchorCache = new Map()
  const problems = []
  const checked = {commands: 0, links: 0, scripts: 0}
  const report = (line, problem) => problem && problems.push(`${relative(process.cwd(), readme) || readme}:${line}: ${problem}`)
  for (const l of lines(markdown)) {
    for (const snippet of snippets(l).map((s) => s.trim())) {
      for (const m of snippet.matchAll(/(?:^|[;&|(]\s*)(?:npx |node_modules\/\.bin\/)?agora (?=[a-z])([^;&()]*)/g)) {
        checked.commands++
        report(l.line, checkAgora(m[1].trim().split(/\s+/), commands))
      }
      for (const m of snippet.matchAll(/(?:^|[\s;&|(])npm run ([^;&|()]*)/g)) {
        checked.scripts++
        report(l.line, checkNpmRun(m[1].trim().split(/\s+/), spaces, rootPkg))
      }
      if (/(?:^|\s)npm test\b/.test(snippet)) { checked.scripts++; report(l.line, rootPkg.scripts?.test ? null : '`npm test`: package.json has no test script') }
    }
    if (l.where !== 'prose') continue
    const prose = l.text.replace(/(`+)[^`]*?\1/g, '')
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) { checked.links++; report(l.line, checkLink(m[1], readme, anchorCache)) }
    const ref = /^\s*\[[^\]]+\]:\s*(\S+)/.exec(prose)
    if (ref) { checked.links++; report(l.line, checkLink(ref[1], readme, anchorCache)) }
  }
  return {readme, checked, problems}
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const json = args.includes('--json')
  const file = args.find((a) => !a.startsWith('--'))
  const result = readmeTruth(file ? resolve(file) : undefined)
  if (json) console.log(JSON.stringify(result, null, 2))
  else {
    for (const p of result.problems) console.error(p)
    const {commands, links, scripts} = result.checked
    console.log(`readme-truth ${relative(process.cwd(), result.readme) || result.readme}: ${commands} agora commands, ${links} links, ${scripts} npm scripts checked; ${result.problems.length} problem(s)`)
  }
  process.exitCode = result.problems.length ? 1 : 0
}
