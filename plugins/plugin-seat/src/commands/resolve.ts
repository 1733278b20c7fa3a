import {resolveThread} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {SeatCommand} from '../seat-command.js'

export default class Resolve extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    ref: Args.string({description: 'the thread\'s message: id, seq or #seq', required: true}),
  }
  static override description = 'Close every open question of a thread you asked (operators: any thread) with a resolved reply each.'
  static override examples = ['<%= config.bin %> resolve ops 42', '<%= config.bin %> resolve ops 42 --body "settled in standup" --json']
  static override flags = {body: Flags.string({description: 'the text of each resolved reply'})}

  async run(): Promise<Awaited<ReturnType<typeof resolveThread>>> {
    const {args, flags} = await this.parse(Resolve)
    const {client} = await this.openSeat(flags)
    const out = await resolveThread(client, args.channel, args.ref, flags.body)
    if (out.closed.length === 0) this.log(`nothing to close in ${args.channel} ${args.ref}: no question in its thread is still open`)
    for (const c of out.closed) this.log(`closed ${args.channel}#${String(c.seq)} (${String(c.sender)}) with ${args.channel}#${String(c.resolved_seq)}`)
    for (const c of out.claims) this.log(`claim ${String(c.key)} (owner ${String(c.owner)}) pointed at a closed question: release it when the work is done`)
    if (out.truncated) this.log('the thread is longer than 200 messages: run it again to continue')
    return out
  }
}
