import {ExitCode} from '@agora/command'
import {Args, Flags} from '@oclif/core'
import {readFileSync, statSync} from 'node:fs'
import {basename} from 'node:path'

import {rawRequest} from '../../raw-request.js'
import {SeatCommand} from '../../seat-command.js'

interface Blob {channel: string; id: string; filename: string; content_type: string; size: number}

const MAX = 16 * 1024 * 1024

export default class AttachmentPut extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    file: Args.string({description: 'local file to upload (at most 16 MiB)', required: true}),
  }
  static override description = 'Upload a file into a channel; prints its id (sha256 of the bytes); reference it from a post with --data \'{"attachments":[{"id":"<id>"}]}\'.'
  static override examples = ['<%= config.bin %> attachment put proj ./trace.log --as alice', '<%= config.bin %> attachment put proj ./plot.png --type image/png --json']
  static override flags = {
    filename: Flags.string({description: 'the name readers see (default: the file\'s own name)'}),
    type: Flags.string({description: 'media type (default application/octet-stream)'}),
  }

  async run(): Promise<Blob> {
    const {args, flags} = await this.parse(AttachmentPut)
    const size = statSync(args.file).size
    if (size > MAX) this.error(`${args.file} is ${size} bytes; attachments are at most 16 MiB, split or compress it`, {exit: ExitCode.Refused})
    const {client} = await this.openSeat(flags)
    const answer = await rawRequest(client, 'POST', `/channels/${encodeURIComponent(args.channel)}/attachments`,
      {body: readFileSync(args.file), contentType: flags.type, query: {filename: flags.filename ?? basename(args.file)}})
    const blob = JSON.parse(answer.bytes.toString('utf8')) as Blob
    this.log(`attachment ${blob.id} in ${blob.channel}: ${blob.size} bytes, ${blob.content_type}`)
    return blob
  }
}
