/**
 * `npm run bench:startup`: how long `agora --version` and `agora harness list` take as whole
 * processes (node start, oclif config and plugin load, the command, exit), RUNS times each after
 * one warm-up, with min/median/max. AGORA_BIN picks the CLI entry (default: this checkout's
 * bin/run.js; an installed one, e.g. "$(npm prefix -g)/bin/agora", measures the published layout,
 * whose oclif manifests spare the command scan). AGORA_BASE_BIN adds a second entry (e.g. the previous
 * run.js) run alternately with the first in the same loop, so a loaded box slows both alike; the line then
 * ends with both entries' own ms and their ratio.
 */
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {loadavg, tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const RUNS = Number(process.env.BENCH_RUNS ?? 10)
const BIN = process.env.AGORA_BIN ?? fileURLToPath(new URL('../run.js', import.meta.url))
const BASE = process.env.AGORA_BASE_BIN
const COMMANDS = [['--version'], ['harness', 'list']]
// A fresh data dir: no user plugins, so every run loads the same (bundled) set.
const data = mkdtempSync(join(tmpdir(), 'agora-bench-startup-'))
const env = {...process.env, AGORA_DATA_DIR: data, AGORA_CACHE_DIR: join(data, 'cache')}

function once(args: string[] | null, bin = BIN): number {
  const started = process.hrtime.bigint()
  // null: a bare `node -e 0`, the same run's baseline (on a loaded box node's own start swings too)
  const argv = args === null ? [process.execPath, '-e', '0'] : bin.endsWith('.js') ? [process.execPath, bin, ...args] : [bin, ...args]
  const run = spawnSync(argv[0], argv.slice(1), {env, stdio: ['ignore', 'ignore', 'pipe']})
  if (run.status !== 0) throw new Error(`${args === null ? 'node -e 0' : `agora ${args.join(' ')}`} exited ${run.status}: ${run.stderr}`)
  return Number(process.hrtime.bigint() - started) / 1e6
}

console.log(`agora start-up, ${RUNS} runs each after one warm-up, alternated with a bare node start (${BIN}${BASE ? `, and base ${BASE}` : ''}); loadavg ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
const median = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2
}
const ms = (value: number) => `${Math.round(value)} ms`
for (const args of COMMANDS) {
  once(args)
  once(null)
  if (BASE) once(args, BASE)
  const times: number[] = []
  const bare: number[] = []
  const base: number[] = []
  for (let i = 0; i < RUNS; i++) {
    times.push(once(args))
    if (BASE) base.push(once(args, BASE))
    bare.push(once(null))
  }
  const sorted = [...times].sort((a, b) => a - b)
  const own = median(times) - median(bare)
  console.log(`  agora ${args.join(' ').padEnd(14)} min ${ms(sorted[0]).padStart(7)}  median ${ms(median(times)).padStart(7)}  max ${ms(sorted.at(-1)!).padStart(7)}` +
    `   bare node median ${ms(median(bare)).padStart(6)}, ratio ${(median(times) / median(bare)).toFixed(2)}, agora's own ${ms(own)}` +
    (BASE ? `; base median ${ms(median(base))}, base's own ${ms(median(base) - median(bare))}, own/base ${(own / (median(base) - median(bare))).toFixed(2)}` : ''))
}
rmSync(data, {recursive: true, force: true})
