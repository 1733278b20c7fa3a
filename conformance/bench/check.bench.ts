/**
 * `npm run bench:check`: wall time of the structural probes (C1–C8, C0 included as it is free) of
 * `agora harness-check` for each of the ten harnesses (the three ACP agents included), in a workspace
 * wired by `agora setup`, median of RUNS runs, in-process (no CLI start-up). Real CLIs come from
 * install-real-clis.sh's cache when present; otherwise, and for the harnesses not on npm, a fixture
 * binary stands in (an ACP agent has no fixture: a stand-in would not answer `initialize`).
 */
import {chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {Config} from '@oclif/core'
import {discoverHarnesses, mcpBindingEnv} from '@agora/contract'
import {checkHarness} from '../src/check.js'
import {resolveMcpCommand} from '../src/mcp-command.js'
import {presenceReader, realPorts} from '../src/ports.js'
import {PROBES} from '../src/probes/index.js'
import {CLI_BIN, openWorld} from '../test/integration/environment.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const HARNESSES: Array<[string, string]> = [
  ['claude', 'claude'], ['codex', 'codex'], ['cursor', 'cursor-agent'], ['opencode', 'opencode'],
  ['pi', 'pi'], ['abstractcode', 'abstractcode'], ['abstractcode-tui', 'abstractcode-tui'],
  ['claude-acp', 'claude-code-acp'], ['codex-acp', 'codex-acp'], ['gemini', 'gemini'],
]
const structural = PROBES.filter((probe) => probe.kind === 'structural')

const fixtureBin = mkdtempSync(join(tmpdir(), 'agora-bench-bin-'))
const realOrFixture = HARNESSES.map(([harness, binary]) => {
  const real = existsSync(join(CLI_BIN, binary))
  if (!real) {
    writeFileSync(join(fixtureBin, binary), `#!/bin/sh\necho "${binary} fixture"\n`)
    chmodSync(join(fixtureBin, binary), 0o755)
  }
  return {harness, binary, real}
})

const cliRoot = fileURLToPath(new URL('../../bin/', import.meta.url))
const config = await Config.load(cliRoot)
const discovered = await discoverHarnesses(config)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

console.log(`agora harness-check C0–C8 wall time, median of ${RUNS} runs (node ${process.version}, ${process.platform})`)
console.log('harness            binary     median ms   runs ms')
let total = 0
for (const {harness, real} of realOrFixture) {
  const world = await openWorld(harness, [fixtureBin, CLI_BIN])
  try {
    const env = {...process.env, ...world.env, PATH: `${fixtureBin}:${CLI_BIN}:${process.env.PATH ?? ''}`}
    const seat = {agentId: world.agentId, url: world.hub.url, home: world.home, about: ''}
    const mcp = {command: await resolveMcpCommand(config.root, config.pjson.bin, env), args: [], env: mcpBindingEnv(seat)}
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      const report = await checkHarness({
        harness, discovered, workspace: world.workspace, seat, mcp, agoraVersion: config.version, env,
        ports: realPorts(env, presenceReader(world.hub.url, null)), registry: structural,
      })
      times.push(performance.now() - started)
      if (i === 0 && !report.drivable) console.log(`  (${harness}: ${report.verdict} — ${report.unmet.join(', ')})`)
    }
    const m = median(times)
    total += m
    console.log(`${harness.padEnd(18)} ${(real ? 'real' : 'fixture').padEnd(10)} ${m.toFixed(0).padStart(9)}   ${times.map((t) => t.toFixed(0)).join(' ')}`)
  } finally {
    await world.close()
  }
}
console.log(`${'total'.padEnd(18)} ${''.padEnd(10)} ${total.toFixed(0).padStart(9)}`)
rmSync(fixtureBin, {recursive: true, force: true})
