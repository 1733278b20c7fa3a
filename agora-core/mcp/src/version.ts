import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

function readPackage(file: string): {name?: string; version?: string} {
  return JSON.parse(readFileSync(file, 'utf8')) as {name?: string; version?: string}
}

/** @agora/mcp's own version: src/ and dist/ both sit one level below package.json. */
export function agoraVersion(): string {
  return readPackage(join(dirname(fileURLToPath(import.meta.url)), '..', 'package.json')).version ?? '0.0.0'
}

/** The installed MCP SDK's version, read from its package.json (its exports do not expose it). */
export function mcpSdkVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/sdk/server/mcp.js'))
  for (;;) {
    try {
      const pkg = readPackage(join(dir, 'package.json'))
      if (pkg.name === '@modelcontextprotocol/sdk' && pkg.version) return pkg.version
    } catch {
      // not this level: keep walking up
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error('cannot find @modelcontextprotocol/sdk/package.json above the resolved SDK')
    dir = parent
  }
}
