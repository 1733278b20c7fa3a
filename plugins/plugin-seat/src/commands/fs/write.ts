import type {FsFile, FsWriteRequest} from '@agora/client'
import {Args, Flags} from '@oclif/core'
import {readFileSync} from 'node:fs'

import {cleanLine} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class FsWrite extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    path: Args.string({description: 'file path inside the channel', required: true}),
  }
  static override description = 'Write a file (compare-and-swap with --expect-version; 0 means "must not exist").'
  static override examples = [
    '<%= config.bin %> fs write ops plan.md --content "# Plan" --expect-version 0',
    '<%= config.bin %> fs write ops logo.png --file ./logo.png',
  ]
  static override flags = {
    content: Flags.string({description: 'text content ("-" reads stdin)', exactlyOne: ['content', 'file']}),
    description: Flags.string({description: 'one-line description (≤200 chars)'}),
    'expect-version': Flags.integer({description: 'current version the write expects (0 = create only)', min: 0}),
    file: Flags.string({description: 'local file to upload; non-UTF-8 bytes are sent as base64', exactlyOne: ['content', 'file']}),
    mime: Flags.string({description: 'content type (default text/markdown; binary defaults to application/octet-stream)'}),
  }

  async run(): Promise<FsFile> {
    const {args, flags} = await this.parse(FsWrite)
    const request: FsWriteRequest = {}
    if (flags.file === undefined) {
      request.content = flags.content === '-' ? readFileSync(0, 'utf8') : flags.content
    } else {
      const bytes = readFileSync(flags.file)
      const text = utf8(bytes)
      if (text === undefined) request.content_b64 = bytes.toString('base64')
      else request.content = text
    }
    if (flags.mime !== undefined) request.mime = flags.mime
    if (flags.description !== undefined) request.description = flags.description
    if (flags['expect-version'] !== undefined) request.expect_version = flags['expect-version']
    const file = await (await this.openSeat(flags)).client.fsWrite(args.channel, args.path, request)
    this.log(`wrote ${cleanLine(file.path)} v${file.version} (${file.size_bytes} B)`)
    return file
  }
}

function utf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(bytes)
  } catch {
    return undefined
  }
}
