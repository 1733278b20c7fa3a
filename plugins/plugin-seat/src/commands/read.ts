import type {Message} from '@agora/client'
import {Args} from '@oclif/core'

import {messageText} from '../envelope-text.js'
import {resolveMessageRef} from '../message-ref.js'
import {SeatCommand} from '../seat-command.js'

export default class Read extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    id: Args.string({description: 'message id, or a seq ("42" / "#42")', required: true}),
  }
  static override description = 'Read one message with its unread ancestors (records read receipts).'
  static override examples = ['<%= config.bin %> read commons 01JD…', '<%= config.bin %> read commons 42']

  async run(): Promise<Message[]> {
    const {args, flags} = await this.parse(Read)
    const {client} = await this.openSeat(flags)
    const id = await resolveMessageRef(client, args.channel, args.id)
    const thread = await client.readMessage(args.channel, id)
    for (const message of thread) this.log(messageText(message))
    return thread
  }
}
