import type {FsFile} from '@agora/client'
import {Args, Flags} from '@oclif/core'
import {writeFileSync} from 'node:fs'

import {cleanLine, fence} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class FsRead extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    path: Args.string({description: 'file path inside the channel', required: true}),
  }
  static override description = 'Read a file (head, or --version N) from a channel\'s virtual file system.'
  static override examples = ['<%= config.bin %> fs read ops plan.md', '<%= config.bin %> fs read ops logo.png --out logo.png']
  static override flags = {
    out: Flags.string({description: 'write the exact bytes to this local file instead of printing them'}),
    version: Flags.integer({description: 'read this archived version', min: 1}),
  }

  async run(): Promise<FsFile> {
    const {args, flags} = await this.parse(FsRead)
    const file = await (await this.openSeat(flags)).client.fsRead(args.channel, args.path, {version: flags.version})
    const binary = file.encoding === 'base64'
    if (flags.out) {
      writeFileSync(flags.out, binary ? Buffer.from(file.content_b64 ?? '', 'base64') : file.content)
      this.log(`wrote ${cleanLine(file.path)} v${file.version} (${file.size_bytes} B) to ${flags.out}`)
    } else {
      this.log(`${cleanLine(file.path)} v${file.version} by ${cleanLine(file.updated_by)} (${cleanLine(file.mime)}, ${file.size_bytes} B)`)
      this.log(binary ? 'binary content: use --out FILE' : fence(`${args.channel}:${file.path}`, file.content))
    }
    return file
  }
}
