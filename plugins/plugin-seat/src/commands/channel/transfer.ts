import {Args} from '@oclif/core'

import {SeatCommand} from '../../seat-command.js'

export default class ChannelTransfer extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    to: Args.string({description: 'the member who becomes owner', required: true}),
  }
  static override description = 'Hand ownership of a channel you own (operators: any) to another member; you stay a member.'
  static override examples = ['<%= config.bin %> channel transfer proj bob --as alice', '<%= config.bin %> channel transfer proj bob --json']

  async run(): Promise<Record<string, unknown>> {
    const {args, flags} = await this.parse(ChannelTransfer)
    const {client} = await this.openSeat(flags)
    const r = await client.request<{channel: string; owner: string; previous: string; changed: boolean}>('PUT',
      `/channels/${encodeURIComponent(args.channel)}/owner`, {body: {to: args.to}})
    this.log(r.changed ? `${r.channel} is now owned by ${r.owner} (was ${r.previous})` : `${r.owner} already owns ${r.channel}`)
    return r
  }
}
