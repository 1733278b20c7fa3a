import {readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import {HARNESS_HOOK_EVENT, validateDeclaration} from '@agora/contract'

/** What `agora harness validate <dir>` reports about one plugin folder, installed or not. */
export interface FolderCheck {
  dir: string
  /** The package name, or null when package.json is missing or unreadable. */
  plugin: string | null
  /** The declared harness name, or null when the hook gave none. */
  harness: string | null
  contract: string | null
  valid: boolean
  problems: string[]
}

/** The part of oclif's hook `this` a declaration hook may use; error() throws as oclif's does. */
const hookContext = {
  error(message: string | Error): never {
    throw message instanceof Error ? message : new Error(message)
  },
  warn() {},
  log() {},
  debug() {},
}

/**
 * Loads a plugin folder's `agora:harness` hook the way oclif would (package.json → oclif.hooks),
 * calls it, and validates the answer; every failure becomes a problem naming what to fix.
 */
export async function checkFolder(folder: string): Promise<FolderCheck> {
  const dir = resolve(folder)
  const result = (plugin: string | null, problems: string[], answer: unknown = null): FolderCheck => {
    const field = (key: string) => {
      const value = (answer as Record<string, unknown> | null)?.[key]
      return typeof value === 'string' ? value : null
    }
    return {dir, plugin, harness: field('name'), contract: field('contract'), valid: problems.length === 0, problems}
  }
  let pjson: {name?: unknown; oclif?: {hooks?: Record<string, unknown>}}
  try {
    pjson = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as typeof pjson
  } catch (error) {
    return result(null, [`no readable package.json in ${dir} (${(error as Error).message}): scaffold one with \`agora harness init <name>\``])
  }
  const plugin = typeof pjson.name === 'string' ? pjson.name : null
  const hook = pjson.oclif?.hooks?.[HARNESS_HOOK_EVENT]
  const hookFile = Array.isArray(hook) ? hook[0] : hook
  if (typeof hookFile !== 'string') {
    return result(plugin, [`package.json has no oclif.hooks["${HARNESS_HOOK_EVENT}"]: point it at the module whose default export returns the declaration`])
  }
  let answer: unknown
  try {
    const module = (await import(pathToFileURL(join(dir, hookFile)).href)) as {default?: unknown}
    if (typeof module.default !== 'function') return result(plugin, [`${hookFile} has no default export function: export one that returns the declaration`])
    answer = await (module.default as (this: object, options: object) => unknown).call(hookContext, {})
  } catch (error) {
    return result(plugin, [`the ${HARNESS_HOOK_EVENT} hook (${hookFile}) failed: ${(error as Error).message}`])
  }
  return result(plugin, validateDeclaration(answer).problems, answer)
}
