import type {Message} from '@agora/client'
import {Args} from '@oclif/core'

import {resolveMessageRef} from '../message-ref.js'
import {buildPostMessage, postFlags} from '../post-message.js'
import {cleanLine} from '@agora/command'
import {SeatCommand} from '../seat-command.js'

const {to: _to, ...dmFlags} = postFlags

export default class Dm extends SeatCommand {
  static override args = {
    peer: Args.string({description: 'the other seat\'s id', required: true}),
    body: Args.string({description: 'markdown body; "-" reads it from stdin', required: true}),
  }
  static override description = 'Send a direct message (the DM channel is created on first use; it is addressed to the peer).'
  static override examples = ['<%= config.bin %> dm bob "can you take ops#12?" --status open']
  static override flags = dmFlags

  async run(): Promise<Message> {
    const {args, flags} = await this.parse(Dm)
    const message = buildPostMessage(args.body, flags)
    const {client} = await this.openSeat(flags)
    if (message.reply_to) message.reply_to = await resolveMessageRef(client, undefined, message.reply_to, '--reply-to')
    const posted = await client.postDm(args.peer, message)
    this.log(`sent ${cleanLine(posted.channel)}#${posted.seq} ${posted.id} (${posted.status})`)
    return posted
  }
}
