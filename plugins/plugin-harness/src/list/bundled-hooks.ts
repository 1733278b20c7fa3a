import {existsSync, readFileSync, realpathSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {pathToFileURL} from 'node:url'

import type {HookRunner, PluginRef} from '@agora/contract'

type Pjson = {name: string; version: string; dependencies?: Record<string, string>; oclif?: {plugins?: unknown[]; hooks?: Record<string, unknown>; dirname?: string; bin?: string}}

/** Why the oclif-free path stands down and the command runs through oclif instead. */
export class NeedsOclif extends Error {}

const readJson = (file: string): Pjson => JSON.parse(readFileSync(file, 'utf8')) as Pjson

/** oclif's data dir: $<BIN>_DATA_DIR, else $XDG_DATA_HOME/<dirname>, else ~/.local/share/<dirname>. */
export function dataDir(cli: Pjson, env: NodeJS.ProcessEnv, home: string): string {
  const bin = cli.oclif?.bin ?? cli.name
  const scoped = env[`${bin.replaceAll('@', '').replaceAll(/[/-]/g, '_')}_DATA_DIR`.toUpperCase()]
  if (scoped) return scoped
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), cli.oclif?.dirname ?? bin)
}

/** True when the user's plugin list (`agora plugins install|link`) names any plugin. */
export function hasUserPlugins(dir: string): boolean {
  let pjson: Pjson
  try {
    pjson = readJson(join(dir, 'package.json'))
  } catch {
    return false
  }
  return Array.isArray(pjson.oclif?.plugins) && pjson.oclif.plugins.length > 0
}

/** The package's package.json as node would find it from `from` (exports maps aside): the nearest node_modules/<name>. */
function findPackage(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json')
    if (existsSync(file)) return realpathSync(file)
    if (dirname(dir) === dir) throw new NeedsOclif(`${name} is not installed beside the CLI`)
  }
}

/** A hook entry's module paths; anything but oclif's plain string forms is left to oclif. */
function hookTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[]
  throw new NeedsOclif('a hook declared as an object')
}

const LIFECYCLE = ['init', 'prerun', 'postrun', 'preparse']

/**
 * The `agora:harness` hook of every plugin bundled with the CLI (its package.json `oclif.plugins`), run the
 * way oclif's Config.runHook runs it (module default export, per-hook timeout, errors captured per plugin),
 * without loading oclif. It covers exactly what oclif would load for a CLI with no user plugins, and throws
 * NeedsOclif for anything beyond that (nested plugins, lifecycle hooks, glob plugin names).
 */
export function bundledHookRunner(cliPackageJson: string): HookRunner {
  const cli = readJson(cliPackageJson)
  const plugins: Array<{ref: PluginRef; hooks: Record<string, unknown>}> = [{ref: {name: cli.name, version: cli.version, type: 'core', root: dirname(cliPackageJson)}, hooks: cli.oclif?.hooks ?? {}}]
  for (const name of cli.oclif?.plugins ?? []) {
    if (typeof name !== 'string' || /[*?{[]/.test(name)) throw new NeedsOclif(`plugin entry ${JSON.stringify(name)}`)
    if (!cli.dependencies?.[name]) continue // oclif loads only plugins the CLI depends on
    const file = findPackage(name, dirname(cliPackageJson))
    const pjson = readJson(file)
    if (pjson.oclif?.plugins?.length) throw new NeedsOclif(`${name} nests plugins`)
    const hooks = pjson.oclif?.hooks ?? {}
    if (name !== cli.name && LIFECYCLE.some((event) => event in hooks)) throw new NeedsOclif(`${name} has lifecycle hooks`)
    plugins.push({ref: {name: pjson.name, version: pjson.version, type: 'core', root: dirname(file)}, hooks})
  }
  return {
    async runHook(event, opts, timeout, captureErrors) {
      const successes: Array<{plugin: PluginRef; result: unknown}> = []
      const failures: Array<{plugin: PluginRef; error: Error}> = []
      await Promise.all(plugins.flatMap(({ref, hooks}) => (event in hooks ? hookTargets(hooks[event]) : []).map(async (target) => {
        try {
          const mod = (await import(pathToFileURL(join(ref.root, target)).href)) as {default?: unknown}
          if (typeof mod.default !== 'function') throw new Error(`${target} has no default export function`)
          const hook = mod.default as (this: unknown, options: object) => unknown
          const context = {error: (message: string) => { throw new Error(message) }, exit: (code = 0) => { throw new Error(`exited ${code}`) }, log: console.log, warn: console.warn, debug() {}}
          let timer: NodeJS.Timeout | undefined
          const expired = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`Timed out after ${timeout} ms.`)), timeout) })
          try {
            successes.push({plugin: ref, result: await Promise.race([hook.call(context, {...opts, context}), expired])})
          } finally {
            clearTimeout(timer)
          }
        } catch (error) {
          if (!captureErrors) throw error
          failures.push({plugin: ref, error: error as Error})
        }
      })))
      return {successes, failures}
    },
  }
}
