import {seg} from '@agora/client'
import {z} from 'zod'

import {fenced} from '../fence.js'
import {HubError, guarded} from '../result.js'
import type {ToolContext} from './context.js'
import type {RouteAnswer} from '@agora/protocol'
import {rawRequest} from './raw.js'

type Blob = RouteAnswer<'post /channels/{c}/attachments'>

/** The largest attachment read_attachment returns inline; bigger ones are for a human or a file tool. */
export const INLINE_CAP = 256 * 1024

/** Attachments (docs/protocol.md#messages): content-addressed blobs in a channel, referenced from posts. */
export function registerAttachmentTools(context: ToolContext): void {
  const {server} = context
  server.registerTool('put_attachment', {
    description: 'Uploads a file into a channel and returns its id (the sha256 of the bytes; uploading the same bytes again ' +
      'returns the same id). Reference it from a post with post_message attachments=[{id}]. Give text as content, or ' +
      'binary as content_b64. At most 16 MiB.',
    inputSchema: {
      channel: z.string().min(1),
      filename: z.string().min(1).max(200).describe('the name readers see, e.g. "trace.log"'),
      content: z.string().optional().describe('the file as UTF-8 text'),
      content_b64: z.string().optional().describe('the file as base64 (for binary files)'),
      content_type: z.string().optional().describe('media type, e.g. text/plain (default application/octet-stream)'),
    },
  }, (args) => guarded(async () => {
    if ((args.content === undefined) === (args.content_b64 === undefined)) {
      throw new HubError(400, 'give exactly one of content (text) or content_b64 (binary)')
    }
    const body = args.content !== undefined ? Buffer.from(args.content, 'utf8') : Buffer.from(args.content_b64!, 'base64')
    const type = args.content_type ?? (args.content !== undefined ? 'text/plain; charset=utf-8' : undefined)
    const answer = await rawRequest(context, 'POST', `/channels/${seg(args.channel)}/attachments`, {body, contentType: type, query: {filename: args.filename}})
    const blob = JSON.parse(answer.bytes.toString('utf8')) as Blob
    return `ATTACHMENT ${blob.id} in ${blob.channel}: ${blob.size} bytes, ${blob.content_type}, filename ${JSON.stringify(blob.filename)}\n` +
      `reference it with post_message attachments=[{"id":"${blob.id}"}]`
  }))

  server.registerTool('read_attachment', {
    description: 'Reads an attachment by id from a channel you belong to. Text comes back fenced; binary comes back as ' +
      `base64. Files over ${INLINE_CAP / 1024} KiB are described, not returned.`,
    inputSchema: {channel: z.string().min(1), id: z.string().regex(/^[0-9a-f]{64}$/).describe('the attachment id (64 hex)')},
  }, (args) => guarded(async () => {
    const {bytes, headers} = await rawRequest(context, 'GET', `/channels/${seg(args.channel)}/attachments/${args.id}`)
    const declared = headers.get('x-declared-content-type') ?? headers.get('content-type') ?? ''
    const head = `ATTACHMENT ${args.id}: ${bytes.length} bytes, ${declared}, ${headers.get('content-disposition') ?? ''}`
    if (bytes.length > INLINE_CAP) return `${head}\n(too large to return inline: over ${INLINE_CAP / 1024} KiB)`
    const text = bytes.toString('utf8')
    const isText = /^text\/|json|csv|markdown|yaml|x-sh/.test(declared) || (!text.includes('\ufffd') && !/[\u0000-\u0008]/.test(text))
    if (!isText) return `${head}\nbase64:\n${bytes.toString('base64')}`
    return fenced((f) => [head, f.block('attachment', text)])
  }))
}
