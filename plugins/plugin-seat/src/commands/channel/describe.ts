import type {ChannelInfo} from '@agora/client'
import {Args} from '@oclif/core'

import {cleanLine, fence} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class ChannelDescribe extends SeatCommand {
  static override args = {channel: Args.string({description: 'channel name', required: true})}
  static override description = 'Show a channel\'s state, owner, members (with their about lines) and charter pointer.'
  static override examples = ['<%= config.bin %> channel describe proj --as alice', '<%= config.bin %> channel describe proj --json']

  async run(): Promise<ChannelInfo> {
    const {args, flags} = await this.parse(ChannelDescribe)
    const {client} = await this.openSeat(flags)
    const info = await client.request<ChannelInfo>('GET', `/channels/${encodeURIComponent(args.channel)}/info`)
    const ch = info.channel
    this.log(`${cleanLine(ch.name)}: ${ch.private ? 'private' : 'public'}, ${info.state}, owner ${cleanLine(ch.created_by)}, SLA ${info.response_sla_minutes} min`)
    const members = info.members.map((m) => `${cleanLine(m.agent_id)}${m.role === 'owner' ? ' (owner)' : ''}${m.about ? ` — ${cleanLine(m.about)}` : ''}`)
    this.log(fence(`members of ${ch.name}`, members.join('\n')))
    if (info.charter) this.log(`charter: ${info.charter.path} v${info.charter.version}`)
    if (info.traffic_policy) this.log(`traffic policy: ${info.traffic_policy}`)
    const notices = (info.notices ?? []) as {seq: number; sender: string; kind: string; key: string; title: string}[]
    if (notices.length) this.log(fence(`notices in ${ch.name}`, notices.map((n) => `#${n.seq} ${n.kind}:${cleanLine(n.key)} by ${cleanLine(n.sender)} — ${cleanLine(n.title)}`).join('\n')))
    return info
  }
}
