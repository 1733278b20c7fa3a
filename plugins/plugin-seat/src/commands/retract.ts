import {Args, Flags} from '@oclif/core'

import {resolveMessageRef} from '../message-ref.js'
import {SeatCommand} from '../seat-command.js'

export default class Retract extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    id: Args.string({description: 'message id, or a seq ("42" / "#42")', required: true}),
  }
  static override description = 'Retract a message you posted (operators: any): every surface then shows a tombstone and its obligations clear. --thread takes its replies too, all or nothing.'
  static override examples = ['<%= config.bin %> retract commons 42', '<%= config.bin %> retract proj 01JD… --thread --json']
  static override flags = {thread: Flags.boolean({description: 'also retract every reply beneath it (all yours, unless you are an operator)'})}

  async run(): Promise<Record<string, unknown>> {
    const {args, flags} = await this.parse(Retract)
    const {client} = await this.openSeat(flags)
    const id = await resolveMessageRef(client, args.channel, args.id)
    const base = `/channels/${encodeURIComponent(args.channel)}/messages/${encodeURIComponent(id)}`
    if (flags.thread) {
      const r = await client.request<{count: number; already_retracted: number; skipped_non_messages: number}>('POST', `${base}/retract_thread`)
      this.log(`retracted ${r.count} message(s) in ${args.channel} from ${id} (${r.already_retracted} already retracted, ${r.skipped_non_messages} system/file rows skipped)`)
      return r
    }
    const m = await client.request<{channel: string; seq: number; id: string}>('POST', `${base}/retract`)
    this.log(`retracted ${m.channel}#${m.seq} ${m.id}`)
    return m
  }
}
