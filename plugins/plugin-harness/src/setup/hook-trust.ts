import type {HookTrustStore} from '@agora/contract'
import {createHash} from 'node:crypto'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, isAbsolute, join} from 'node:path'

import {isAgoraCommand} from './hooks-file.js'
import {checkToml, upsertTomlTables} from './toml-config.js'
import type {SetupVars} from './vars.js'

type JsonObject = Record<string, unknown>

/** `PreToolUse` → `pre_tool_use`: the event names in trust keys. */
const snake = (event: string) => event.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted)
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted((value as JsonObject)[k])]))
  return value
}

/**
 * The trust hash of one handler: sha256 over the sorted-key JSON of its group as the harness normalises it
 * (`event_name`, the handler with `async` defaulted to false, and `matcher` only when the group has one).
 * Checked against the harness's own report of its hooks' hashes (see the adapter's README and its real lease test).
 */
export function hookStateHash(event: string, matcher: string | undefined, handler: JsonObject): string {
  const group: JsonObject = {event_name: snake(event), hooks: [{async: false, ...handler}]}
  if (matcher !== undefined) group.matcher = matcher
  return `sha256:${createHash('sha256').update(JSON.stringify(sorted(group))).digest('hex')}`
}

/** One `[hooks.state."<file>:<event>:<group>:<handler>"]` table per agora handler in the written hooks file. */
export function hookTrustEntries(hooksFile: string, doc: JsonObject, vars: SetupVars): Array<{at: string[]; value: JsonObject}> {
  const entries: Array<{at: string[]; value: JsonObject}> = []
  const events = (doc.hooks ?? {}) as JsonObject
  for (const [event, groups] of Object.entries(events)) {
    if (!Array.isArray(groups)) continue
    groups.forEach((group: JsonObject | null, gi) => {
      const handlers = Array.isArray(group?.hooks) ? (group.hooks as JsonObject[]) : []
      const matcher = typeof group?.matcher === 'string' ? group.matcher : undefined
      handlers.forEach((handler, hi) => {
        if (!isAgoraCommand(handler?.command, vars)) return
        entries.push({at: ['hooks', 'state', `${hooksFile}:${snake(event)}:${gi}:${hi}`], value: {trusted_hash: hookStateHash(event, matcher, handler)}})
      })
    })
  }
  return entries
}

/** The trust store file: $<homeEnv>/<file>, else ~/<homeDefault>/<file>. */
export function trustFile(store: HookTrustStore, env: NodeJS.ProcessEnv, userHome: string): string {
  const home = env[store.homeEnv]
  return join(home && isAbsolute(home) ? home : join(userHome, store.homeDefault), store.file)
}

/**
 * Record agora's handlers as trusted, so the hooks setup just wrote run without a review prompt.
 * Only agora's own handlers are trusted; the user's other hooks keep whatever trust they had.
 */
export function trustAgoraHooks(store: HookTrustStore, file: string, hooksFile: string, doc: JsonObject, vars: SetupVars): number {
  const entries = hookTrustEntries(hooksFile, doc, vars)
  if (entries.length === 0) return 0
  let before: string | undefined
  try {
    before = readFileSync(file, 'utf8')
  } catch {
    before = undefined
  }
  checkToml(file, before)
  mkdirSync(dirname(file), {recursive: true, mode: 0o700})
  writeFileSync(file, upsertTomlTables(file, before, entries), {mode: 0o600})
  return entries.length
}
