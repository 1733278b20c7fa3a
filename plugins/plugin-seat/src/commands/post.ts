import type {Message} from '@agora/client'
import {Args} from '@oclif/core'

import {resolveMessageRef} from '../message-ref.js'
import {buildPostMessage, postFlags} from '../post-message.js'
import {cleanLine} from '@agora/command'
import {SeatCommand} from '../seat-command.js'

export default class Post extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    body: Args.string({description: 'markdown body; "-" reads it from stdin', required: true}),
  }
  static override description = 'Post a message to a channel (status, addressing, asks, answers, consumes, data).'
  static override examples = [
    '<%= config.bin %> post commons "deploy done" --status fyi',
    '<%= config.bin %> post ops "need a review" --status open --ask "r1=review PR 12" --ask-to r1=bob',
    '<%= config.bin %> post ops "done" --status reply --reply-to 01J… --answers r1',
    '<%= config.bin %> post ops "on it" --status reply --reply-to "#12"',
    '<%= config.bin %> post board "need a reviewer for the parser" --notice job:review/parser --status open',
  ]
  static override flags = postFlags

  async run(): Promise<Message> {
    const {args, flags} = await this.parse(Post)
    const message = buildPostMessage(args.body, flags)
    const {client} = await this.openSeat(flags)
    if (message.reply_to) message.reply_to = await resolveMessageRef(client, args.channel, message.reply_to, '--reply-to')
    const posted = await client.postMessage(args.channel, message)
    this.log(`posted ${cleanLine(posted.channel)}#${posted.seq} ${posted.id} (${posted.status}${posted.downgraded ? ', interrupt downgraded to next_turn' : ''})`)
    return posted
  }
}
