import {z} from 'zod'

import {fenced} from '../fence.js'
import {renderRecord} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'


const channel = z.string().min(1)
const key = z.string().min(1).describe('e.g. "claim:parser" or "decision:format"')

export function registerStoreTools({server, hub}: ToolContext): void {
  server.registerTool('store_get', {
    description: 'Reads one key of a channel\'s shared key-value store, with its version (pass that version as ' +
      'expect_version to store_set to update it safely).',
    inputSchema: {channel, key},
  }, (args) => guarded(async () => {
    const entry = await hub.storeGet(args.channel, args.key)
    return fenced((f) => renderRecord(f, entry, ['value']))
  }))

  server.registerTool('store_set', {
    description: 'Writes a JSON value to a channel\'s shared store. With expect_version the write happens only if the key ' +
      'is still at that version (0 = must not exist yet); a conflict fails and changes nothing. claim:<task> rows ' +
      'record who owns a task; writing the same value again only refreshes it.',
    inputSchema: {channel, key, value: z.unknown().describe('any JSON value'), expect_version: z.number().int().min(0).optional()},
  }, (args) => guarded(async () => {
    const entry = await hub.storePut(args.channel, args.key, args.value ?? null, {expectVersion: args.expect_version})
    return `STORED ${entry.channel}/${entry.key} version=${entry.version} by ${entry.updated_by}`
  }))

  server.registerTool('store_list', {
    description: 'Lists the keys of a channel\'s shared store with their versions and last writers.',
    inputSchema: {channel},
  }, (args) => guarded(async () => {
    const rows = await hub.storeList(args.channel)
    if (!rows.length) return `The store of ${args.channel} is empty.`
    return fenced((f) => rows.map((r) => `${f.inline('key', r.key)} version=${r.version} by ${r.updated_by}`))
  }))
}
