import {mkdtempSync, readdirSync, readFileSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

import type {WorkspaceFootprint} from '@agora/contract'

import {workspace as abstractcode} from '../../../../harness-adapters/abstractcode/src/workspace.js'
import {workspace as abstractcodeTui} from '../../../../harness-adapters/abstractcode-tui/src/workspace.js'
import {workspace as claude} from '../../../../harness-adapters/claude/src/workspace.js'
import {workspace as codex} from '../../../../harness-adapters/codex/src/workspace.js'
import {workspace as cursor} from '../../../../harness-adapters/cursor/src/workspace.js'
import {workspace as opencode} from '../../../../harness-adapters/opencode/src/workspace.js'
import {workspace as pi} from '../../../../harness-adapters/pi/src/workspace.js'
import type {SetupHarness, SetupInput} from '../../src/setup/types.js'
import {the} from '../../../../test/helpers/present.js'

export const HERE = fileURLToPath(new URL('.', import.meta.url))
export const ASSETS = fileURLToPath(new URL('../../assets', import.meta.url))
export const MCP_OK = join(HERE, 'fixtures', 'bin', 'agora-mcp-ok.js')
export const MCP_BROKEN = join(HERE, 'fixtures', 'bin', 'agora-mcp-broken.js')
export const AGORA = '/opt/agora/bin/agora'
/** A URL nothing listens on: the mission mirror is best effort and must not block setup. */
export const DEAD_URL = 'http://127.0.0.1:9'

const FOOTPRINTS: Record<string, WorkspaceFootprint> = {
  abstractcode, 'abstractcode-tui': abstractcodeTui, claude, codex, cursor, opencode, pi,
}
export const NAMES = Object.keys(FOOTPRINTS).sort()

export function harness(name: string): SetupHarness {
  const pluginRoot = name === 'pi' ? join(HERE, 'fixtures', 'pi-root') : join(HERE, '..', '..', '..', '..', 'harness-adapters', name)
  return {name, workspace: the(FOOTPRINTS, name), pluginRoot}
}

export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `agora-setup-${label}-`))
}

/** A complete input for one run in a fresh workspace and user home. */
export function input(names: string[], overrides: Partial<SetupInput> = {}): SetupInput {
  const userHome = overrides.userHome ?? tempDir('home')
  return {
    workspace: tempDir('ws'),
    seatId: 'alice',
    url: DEAD_URL,
    about: 'reviews the parser',
    home: join(userHome, '.agora'),
    homeIsDefault: true,
    userHome,
    agora: AGORA,
    mcpCommand: MCP_OK,
    harnesses: names.map(harness),
    hooks: true,
    channels: [],
    assetsDir: ASSETS,
    env: {},
    ...overrides,
  }
}

/** Every file under `dir` as relative path → text. */
export function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const abs = join(d, name)
      if (statSync(abs).isDirectory()) walk(abs)
      else out[relative(dir, abs)] = readFileSync(abs, 'utf8')
    }
  }
  walk(dir)
  return out
}
