import {Args, Flags} from '@oclif/core'

import {mirrorHub} from '../mirror.js'
import type {MirrorResult} from '../mirror.js'
import {OperatorCommand} from '../operator-command.js'
import {cleanLine, count} from '@agora/command'

export default class Mirror extends OperatorCommand {
  static override args = {dir: Args.string({description: 'the mirror directory (created if missing)', required: true})}
  static override description = `Export channel history to append-only Markdown and each channel's vfs to plain files.

<dir>/channels/<name>.md gets one section per message (seq, sender, status, title, asks/answers, reply_to, the body in a fence); <dir>/vfs/<name>/<path> holds each file at head; <dir>/store/<name>.md holds the store at head: workspace leases (holder, path, mode, expiry) and every other row (claim:, phase:, ruling: …) with key, version, author and the value as JSON. Re-running appends only new messages, rewrites a store file only when a row moved (state in <dir>/.agora-mirror.json), so the directory reads well in an editor and git.`

  static override examples = ['<%= config.bin %> mirror ~/agora-mirror --as alice', '<%= config.bin %> mirror ./mirror --as alice --channels plan,commons']
  static override flags = {
    as: Flags.string({description: 'the seat whose channels are mirrored (default: AGORA_AGENT_ID, then .agora/seat.json)', helpGroup: 'HUB'}),
    channels: Flags.string({description: 'comma-separated channels (default: every channel the seat is a member of)'}),
  }

  async run(): Promise<MirrorResult> {
    const {args, flags} = await this.parse(Mirror)
    const hub = await this.seatClient(flags)
    const mine = (await hub.listChannels()).filter((c) => c.member).map((c) => c.name)
    const wanted = flags.channels === undefined ? mine : flags.channels.split(',').map((c) => c.trim()).filter(Boolean)
    const foreign = wanted.filter((c) => !mine.includes(c))
    if (foreign.length) {
      throw new Error(`not a member of ${foreign.map(cleanLine).join(', ')}; mirror only channels this seat belongs to (${mine.map(cleanLine).join(', ') || 'none'})`)
    }
    const result = await mirrorHub(hub, args.dir, wanted)
    for (const c of result.channels) {
      this.log(`${cleanLine(c.channel)}: +${count(c.appended, 'message')} (through #${c.last_seq}), ${count(c.files_written, 'file')} written, ${c.files_removed} removed, ${count(c.store_rows, 'store row')} (${count(c.leases, 'lease')})${c.store_written ? ' rendered' : ''}`)
    }
    this.log(`mirror ${result.dir}: ${count(result.appended, 'new message')}, ${count(result.files_written, 'file')} written, ${count(result.store_files_written, 'store file')} rendered`)
    return result
  }
}
