import {Args, Flags} from '@oclif/core'
import {writeFileSync} from 'node:fs'

import {rawRequest} from '../../raw-request.js'
import {ExitCode, fence} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export interface AttachmentGetResult {channel: string; id: string; size: number; content_type: string; saved_to: string | null; text?: string}

export default class AttachmentGet extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    id: Args.string({description: 'attachment id (64 hex)', required: true}),
  }
  static override description = 'Download an attachment: --out saves the bytes to a file; without it text is printed fenced and binary is refused.'
  static override examples = ['<%= config.bin %> attachment get proj 3f2a… --out trace.log --as bob', '<%= config.bin %> attachment get proj 3f2a… --json']
  static override flags = {out: Flags.string({description: 'write the bytes to this file'})}

  async run(): Promise<AttachmentGetResult> {
    const {args, flags} = await this.parse(AttachmentGet)
    const {client} = await this.openSeat(flags)
    const {bytes, headers} = await rawRequest(client, 'GET', `/channels/${encodeURIComponent(args.channel)}/attachments/${encodeURIComponent(args.id)}`)
    const type = headers.get('x-declared-content-type') ?? headers.get('content-type') ?? 'application/octet-stream'
    const result: AttachmentGetResult = {channel: args.channel, id: args.id, size: bytes.length, content_type: type, saved_to: null}
    if (flags.out) {
      writeFileSync(flags.out, bytes, {mode: 0o600})
      result.saved_to = flags.out
      this.log(`saved ${bytes.length} bytes (${type}) to ${flags.out}`)
      return result
    }
    const text = bytes.toString('utf8')
    if (text.includes('\ufffd') || /[\u0000-\u0008]/.test(text)) {
      this.error(`attachment ${args.id} is binary (${type}, ${bytes.length} bytes); save it with --out <file>`, {exit: ExitCode.Refused})
    }
    result.text = text
    this.log(fence(`attachment ${args.id}`, text))
    return result
  }
}
