import {fetchSuperviseAll, fetchSuperviseRoom} from '@agora/client'
import type {SuperviseAll, SuperviseRoom} from '@agora/client'
import {Args} from '@oclif/core'

import {clean} from '@agora/command'
import {SeatCommand} from '../seat-command.js'
import {rowText} from '../work-text.js'

export default class Supervise extends SeatCommand {
  static override description = 'A delegate\'s radar (GET /supervise, or GET /channels/{c}/supervise): idle-but-live seats, dark seats owing escalated answers, stuck rows, unowned questions and escalated threads.'
  static override examples = ['<%= config.bin %> supervise', '<%= config.bin %> supervise build --json']
  static override args = {channel: Args.string({description: 'one channel (default: every channel you are in)'})}

  async run(): Promise<SuperviseRoom | SuperviseAll> {
    const {args, flags} = await this.parse(Supervise)
    const {client} = await this.openSeat(flags)
    const out = args.channel ? await fetchSuperviseRoom(client, args.channel) : await fetchSuperviseAll(client)
    for (const s of 'channels' in out ? out.channels : [out]) {
      this.log(`#${s.channel}: idle ${s.idle_seats.join(', ') || '-'}; dark ${s.dark_seats.join(', ') || '-'}`)
      for (const r of s.stuck_rows) this.log(`  stuck      ${rowText(r, s.channel)}`)
      for (const m of s.unowned) this.log(`  unowned    #${s.channel}#${m.seq} from ${m.sender}  ${clean(m.title)}`)
      for (const m of s.escalated) this.log(`  escalated  #${s.channel}#${m.seq} waiting on ${m.waiting_on.join(',') || 'anyone'}  ${clean(m.title)}`)
    }
    return out
  }
}
