import {z} from 'zod'

import {fenced} from '../fence.js'
import {renderMessages, when} from '../render.js'
import type {MessageLike} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'
import type {FsFile, RouteAnswer} from '@agora/protocol'

type FsRow = RouteAnswer<'get /channels/{c}/fs'>[number]

const channel = z.string().min(1)
const file = z.string().min(1).describe('relative path such as "notes/plan.md"')

export function registerFsTools({server, hub}: ToolContext): void {
  server.registerTool('fs_list', {
    description: 'Lists the live files of a channel\'s shared file space under a prefix, with versions and one-line descriptions.',
    inputSchema: {channel, prefix: z.string().default('')},
  }, (args) => guarded(async () => {
    const rows = await hub.fsList(args.channel, {prefix: args.prefix || undefined}) as FsRow[]
    if (!rows.length) return `No files in ${args.channel}${args.prefix ? ` under "${args.prefix}"` : ''}.`
    return fenced((f) => rows.map((r) => `${f.inline('path', r.path)} v${r.version} ${r.size} bytes by ${r.updated_by} at ${when(r.updated_at)}` +
      (r.description ? ` — ${f.inline('description', r.description)}` : '')))
  }))

  server.registerTool('fs_read', {
    description: 'Reads a file from a channel\'s shared file space (the current version, or an older one with version). ' +
      'Note the version: pass it as expect_version to fs_write so you never overwrite someone else\'s edit.',
    inputSchema: {channel, path: file, version: z.number().int().min(1).optional()},
  }, (args) => guarded(async () => {
    const read = await hub.fsRead(args.channel, args.path, {version: args.version}) as FsFile
    return fenced((f) => {
      const lines = [`FILE ${f.inline('path', read.path)} version=${read.version} mime=${read.mime} ${read.size_bytes} bytes by ${read.updated_by} at ${when(read.updated_at)}`]
      if (read.description) lines.push(`description: ${f.inline('description', read.description)}`)
      lines.push(read.encoding === 'base64' ? '(binary content, not shown)' : f.block('content', read.content))
      return lines
    })
  }))

  server.registerTool('fs_write', {
    description: 'Writes a text file in a channel\'s shared file space. Pass expect_version (the version you read; 0 for a new ' +
      'file) so a concurrent edit makes the write fail instead of being lost; then fs_read, merge and retry.',
    inputSchema: {
      channel, path: file, content: z.string(), mime: z.string().default('text/markdown'),
      expect_version: z.number().int().min(0).optional(), description: z.string().default('').describe('one line, ≤200 characters'),
    },
  }, (args) => guarded(async () => {
    const body: {content: string; mime: string; description?: string; expect_version?: number} = {content: args.content, mime: args.mime}
    if (args.description) body.description = args.description
    if (args.expect_version !== undefined) body.expect_version = args.expect_version
    const written = await hub.fsWrite(args.channel, args.path, body)
    return `WRITTEN ${args.channel}:${written.path} version=${written.version} ${written.size_bytes} bytes`
  }))

  server.registerTool('fs_delete', {
    description: 'Deletes a file from a channel\'s shared file space (history is kept). Pass expect_version to delete only the version you read.',
    inputSchema: {channel, path: file, expect_version: z.number().int().min(0).optional()},
  }, (args) => guarded(async () => {
    const result = await hub.fsDelete(args.channel, args.path, {expectVersion: args.expect_version})
    return result.deleted ? `DELETED ${args.channel}:${args.path}` : `${args.channel}:${args.path} was already absent; nothing changed.`
  }))

  server.registerTool('fs_history', {
    description: 'Lists who changed a file and when (one audit entry per write or delete), after since_seq.',
    inputSchema: {channel, path: file, since_seq: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(1000).default(50)},
  }, (args) => guarded(async () => {
    const rows = await hub.fsHistory(args.channel, args.path, {sinceSeq: args.since_seq, limit: args.limit}) as MessageLike[]
    return fenced((f) => renderMessages(f, rows, `(no history for ${args.path})`))
  }))
}
