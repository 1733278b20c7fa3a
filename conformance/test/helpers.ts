import {chmodSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {mcpBindingEnv, validateDeclaration} from '@agora/contract'
import type {HarnessDeclaration, Transport, TurnTransport} from '@agora/contract'
import type {HarnessUnderTest, Ports, ProbeContext, SpawnRequest, SpawnResult} from '../src/types.js'
import {DEFAULT_TIMEOUTS} from '../src/check.js'

export const FIXTURES = fileURLToPath(new URL('fixtures/', import.meta.url))

/** The fixture plugin directories and the harness each declares. */
export const FIXTURE_PLUGINS = {
  perfect: 'harness-perfect',
  noEvidence: 'harness-no-evidence',
  processIdentity: 'harness-process-identity',
  knobDropper: 'harness-knob-dropper',
  bearerLeaker: 'harness-bearer-leaker',
  hanging: 'harness-hanging',
  missingBinary: 'harness-missing-binary',
  hardUnmet: 'harness-hard-unmet',
  staleUnmet: 'harness-stale-unmet',
  crashing: 'harness-crashing',
} as const

/** Loads a fixture plugin directly (its hook file), as discovery would report it. */
export async function loadFixture(dir: string): Promise<HarnessUnderTest> {
  const root = join(FIXTURES, dir)
  const hook = (await import(pathToFileURL(join(root, 'hooks', 'harness.js')).href)) as {default: () => Promise<HarnessDeclaration>}
  const declaration = await hook.default()
  const check = validateDeclaration(declaration)
  return {
    name: declaration.name,
    plugin: {name: `@agora-fixtures/${dir}`, version: '1.0.0', type: 'link', root},
    declaration: check.valid ? declaration : null,
    valid: check.valid,
    problems: check.problems,
    active: check.valid,
  }
}

export const ok = (stdout = '', extra: Partial<SpawnResult> = {}): SpawnResult =>
  ({exitCode: 0, stdout, stderr: '', timedOut: false, durationMs: 12, error: null, ...extra})

/** A transport whose turns and probes are the (fake) spawn port's runs, so a test scripts one answer for both. */
export function spawnTransport(name: Transport, spawn: Ports['spawn']): TurnTransport {
  const launch = async (request: SpawnRequest) => {
    const run = await spawn(request)
    return {stdout: run.stdout, stderr: run.stderr, exitCode: run.exitCode, timedOut: run.timedOut, spawnError: run.error, durationMs: run.durationMs}
  }
  return {
    name,
    runTurn: (turn) => launch({argv: turn.argv, cwd: turn.cwd, env: turn.env, timeoutMs: turn.timeoutMs}),
    async probe(request) {
      const run = await launch(request)
      return {...run, ended: !run.timedOut && run.spawnError === null, problem: run.spawnError ?? (run.timedOut ? 'timed out' : null), facts: {}}
    },
  }
}

/** Plain fakes for every port; each test overrides what it exercises. The transport runs through `spawn` unless given. */
export function fakePorts(overrides: Partial<Ports> & {files?: Record<string, string>; spawned?: SpawnRequest[]} = {}): Ports {
  const files = overrides.files ?? {}
  const spawned = overrides.spawned ?? []
  const ports: Ports = {
    which: async (binary) => `/fake/bin/${binary}`,
    spawn: async (request) => {
      spawned.push(request)
      return ok()
    },
    readFile: async (path) => files[path] ?? null,
    writeFile: async (path, content) => {
      files[path] = content
    },
    now: () => 1_000,
    hub: {reader: null, presenceUpdatedAt: async () => -1, unreachable: async () => null},
    transport: (name) => spawnTransport(name, ports.spawn),
    ...overrides,
  }
  return ports
}

export const SEAT = {agentId: 'seat-under-test', url: 'http://127.0.0.1:8765', home: '/tmp/agora-home-fake', about: ''}
export const MCP_COMMAND = '/opt/agora/agora-mcp.js'

/** A probe context around one harness, with fake ports unless given. */
export function contextFor(target: HarnessUnderTest | null, overrides: Partial<ProbeContext> = {}): ProbeContext {
  return {
    harness: target?.name ?? 'nosuch',
    target,
    all: target?.declaration ? [target.declaration] : [],
    workspace: '/tmp/workspace-fake',
    seat: SEAT,
    mcp: {command: MCP_COMMAND, args: [], env: mcpBindingEnv(SEAT)},
    agoraVersion: '0.1.0',
    live: false,
    liveRequest: {},
    knownSecrets: [],
    env: {PATH: '/usr/bin:/bin', AGORA_API_KEY: 'agora_should_never_reach_a_child', HOME: '/tmp'},
    timeouts: DEFAULT_TIMEOUTS,
    ports: fakePorts(),
    ...overrides,
  }
}

/** A declared harness as a test target, without a plugin on disk. */
export function targetOf(declaration: HarnessDeclaration): HarnessUnderTest {
  const check = validateDeclaration(declaration)
  return {name: declaration.name, plugin: {name: 'inline', version: '0.0.0', type: 'core', root: '/tmp'}, declaration, valid: check.valid, problems: check.problems, active: check.valid}
}

/** A temp dir of executable fixture binaries: every fixture's `<name>-agent` (fx-hanging's never ends) and a fake agora-mcp. */
export function fixtureBinDir(agoraVersion = '0.1.0'): string {
  const dir = mkdtempSync(join(tmpdir(), 'agora-fixture-bin-'))
  const write = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`)
    chmodSync(join(dir, name), 0o755)
  }
  for (const plugin of Object.values(FIXTURE_PLUGINS)) {
    const harness = plugin.replace(/^harness-/, 'fx-')
    write(`${harness}-agent`, harness === 'fx-hanging' ? 'sleep 60' : 'echo "fixture agent 1.0"')
  }
  write('agora-mcp', `echo '{"component":"agora-mcp","status":"ok","agora":"${agoraVersion}","mcp_sdk":"1.32.2"}'`)
  return dir
}
