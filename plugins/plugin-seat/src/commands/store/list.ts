import {Args} from '@oclif/core'

import {cleanLine} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

interface Row {key: string; version: number; updated_by: string; updated_at: number}

export default class StoreList extends SeatCommand {
  static override args = {channel: Args.string({description: 'channel name', required: true})}
  static override description = 'List a channel\'s store keys with their versions and last writers.'
  static override examples = ['<%= config.bin %> store list proj --as alice', '<%= config.bin %> store list proj --json']

  async run(): Promise<Row[]> {
    const {args, flags} = await this.parse(StoreList)
    const {client} = await this.openSeat(flags)
    const rows = await client.request<Row[]>('GET', `/channels/${encodeURIComponent(args.channel)}/store`)
    for (const r of rows) this.log(`${cleanLine(r.key)}\tv${r.version}\t${cleanLine(r.updated_by)}\t${new Date(r.updated_at * 1000).toISOString()}`)
    if (rows.length === 0) this.log(`${args.channel} has no store keys`)
    return rows
  }
}
