import type {InviteResult} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {SeatCommand} from '../../seat-command.js'

export default class ChannelInvite extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    agent: Args.string({description: 'bind the invite to this seat (omit for anyone holding the token)'}),
  }
  static override description = 'Mint a single-use invite token for a channel you administer; the invitee runs `agora channel join <channel> --token <token>`.'
  static override examples = ['<%= config.bin %> channel invite proj bob --as alice', '<%= config.bin %> channel invite proj --ttl 3600 --json']
  static override flags = {ttl: Flags.integer({description: 'seconds the token stays valid (default 86400)', min: 1})}

  async run(): Promise<InviteResult> {
    const {args, flags} = await this.parse(ChannelInvite)
    const {client} = await this.openSeat(flags)
    const inv = await client.createInvite(args.channel, {...(args.agent ? {agentId: args.agent} : {}), ...(flags.ttl ? {ttlSeconds: flags.ttl} : {})})
    this.log(`invite to ${args.channel}${args.agent ? ` for ${args.agent}` : ''}: ${inv.invite_token}`)
    return inv
  }
}
