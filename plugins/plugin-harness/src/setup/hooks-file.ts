import type {WorkspaceFootprint} from '@agora/contract'

import {expandString, shellWord} from './vars.js'
import type {SetupVars} from './vars.js'

type HooksFile = NonNullable<WorkspaceFootprint['hooks']>
type JsonObject = Record<string, unknown>

const LEGACY_MARKERS = ['agora hook ', 'agora_stop', 'agora_wait', 'agora listen --as']
const OWNED = /\s(hook (SessionStart|UserPromptSubmit|PreToolUse|PostToolUse|Stop)|listen) --as \S+/

/** True for a handler command agora wrote (any version, any install path); foreign handlers never match. */
export function isAgoraCommand(command: unknown, vars: SetupVars): boolean {
  if (typeof command !== 'string') return false
  if (LEGACY_MARKERS.some((m) => command.includes(m))) return true
  if (command.startsWith(`${shellWord(vars.agora)} `)) return true
  return OWNED.test(command) && /--url \S+/.test(command)
}

/** The frozen hook command: `<agora> hook <Event> --as <id> --url <url>[ <hookArgs>][ --home <H>]`. */
export function hookCommand(event: string, hooks: HooksFile, vars: SetupVars): string {
  const words = [vars.agora, 'hook', event, '--as', vars.seatId, '--url', vars.url, ...hooks.hookArgs]
  if (!vars.homeIsDefault) words.push('--home', vars.home)
  return words.map(shellWord).join(' ')
}

/** The lease gate's command: the hook plus the `tool_input` fields that carry target paths (or apply_patch bodies). */
function gateCommand(hooks: HooksFile, vars: SetupVars): string {
  const gate = hooks.preToolUse!
  const fields = gate.pathFields.flatMap((f) => ['--path-field', shellWord(f)])
  const patches = (gate.patchFields ?? []).flatMap((f) => ['--patch-field', shellWord(f)])
  return [hookCommand('PreToolUse', hooks, vars), ...fields, ...patches].join(' ')
}

function listenCommand(hooks: HooksFile, vars: SetupVars): string {
  const maxWait = String(hooks.asyncRewake?.maxWait ?? 900)
  const words = [vars.agora, 'listen', '--as', vars.seatId, '--once', '--important-only', '--max-wait', maxWait, '--url', vars.url]
  if (!vars.homeIsDefault) words.push('--home', vars.home)
  const lockDir = vars.homeIsDefault ? '${AGORA_HOME:-$HOME/.agora}' : vars.home.replace(/(["\\$`])/g, '\\$1')
  return `${words.map(shellWord).join(' ')} --lock "${lockDir}/listen-${vars.seatId}.lock"`
}

function sortedKeys(entry: JsonObject): JsonObject {
  return Object.fromEntries(Object.keys(entry).sort().map((k) => [k, entry[k]]))
}

function stripGroups(doc: JsonObject, vars: SetupVars): void {
  const events = doc.hooks as JsonObject
  for (const [event, groups] of Object.entries(events)) {
    if (!Array.isArray(groups)) continue
    let touched = false
    const kept = groups.flatMap((group: unknown) => {
      if (!group || typeof group !== 'object' || !Array.isArray((group as JsonObject).hooks)) return [group]
      const handlers = (group as JsonObject).hooks as unknown[]
      const foreign = handlers.filter((h) => !isAgoraCommand((h as JsonObject | null)?.command, vars))
      if (foreign.length === handlers.length) return [group]
      touched = true
      return foreign.length === 0 ? [] : [{...(group as JsonObject), hooks: foreign}]
    })
    if (touched && kept.length === 0) delete events[event]
    else events[event] = kept
  }
}

function stripFlat(doc: JsonObject, vars: SetupVars): void {
  const events = doc.hooks as JsonObject
  for (const [event, handlers] of Object.entries(events)) {
    if (!Array.isArray(handlers)) continue
    const kept = handlers.filter((h) => !isAgoraCommand((h as JsonObject | null)?.command, vars))
    if (kept.length === handlers.length) continue
    if (kept.length === 0) delete events[event]
    else events[event] = kept
  }
}

/**
 * Merge agora's handlers into a parsed hooks file: strip every agora-owned handler, drop the groups
 * that emptied, then (unless `install` is false) append fresh ones. Foreign handlers survive.
 */
export function mergeHooks(doc: JsonObject, hooks: HooksFile, vars: SetupVars, install: boolean): JsonObject {
  if (hooks.shape === 'flat-stop' && doc.version === undefined) doc = {version: 1, ...doc}
  if (!doc.hooks || typeof doc.hooks !== 'object' || Array.isArray(doc.hooks)) doc.hooks = {}
  const events = doc.hooks as JsonObject
  if (hooks.shape === 'flat-stop') {
    stripFlat(doc, vars)
    if (!install) return doc
    for (const event of hooks.events) {
      const k = event.charAt(0).toLowerCase() + event.slice(1)
      const list = Array.isArray(events[k]) ? (events[k] as unknown[]) : []
      const entry: JsonObject = {command: hookCommand(event, hooks, vars), timeout: hooks.timeout}
      if (hooks.loopLimit !== undefined) entry.loop_limit = hooks.loopLimit
      events[k] = [...list, entry]
    }
    return doc
  }
  stripGroups(doc, vars)
  if (!install) return doc
  for (const event of hooks.events) {
    const list = Array.isArray(events[event]) ? (events[event] as unknown[]) : []
    const fresh: unknown[] = [
      {hooks: [sortedKeys({type: 'command', command: hookCommand(event, hooks, vars), timeout: hooks.timeout})]},
    ]
    if (hooks.asyncRewakeEvents.includes(event) && hooks.asyncRewake) {
      const rewake = hooks.asyncRewake
      const handler = {
        type: 'command',
        command: listenCommand(hooks, vars),
        asyncRewake: true,
        timeout: rewake.timeout,
        rewakeMessage: expandString(rewake.message, vars),
        rewakeSummary: expandString(rewake.summary, vars),
      }
      fresh.push({hooks: [sortedKeys(handler)]})
    }
    events[event] = [...list, ...fresh]
  }
  if (hooks.preToolUse) {
    const list = Array.isArray(events.PreToolUse) ? (events.PreToolUse as unknown[]) : []
    const handler = sortedKeys({type: 'command', command: gateCommand(hooks, vars), timeout: hooks.timeout})
    events.PreToolUse = [...list, {matcher: hooks.preToolUse.matcher, hooks: [handler]}]
  }
  return doc
}
