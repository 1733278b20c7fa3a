import {fetchDesk} from '@agora/client'
import type {Desk as DeskView} from '@agora/client'
import {clean} from '@agora/command'
import {SeatCommand} from '../seat-command.js'

export default class Desk extends SeatCommand {
  static override description = 'Show everything waiting on the operator (GET /desk; operators and reporting delegates): answers and closes owed, claims waiting on you, queue: rows and rulings not yet acknowledged.'
  static override examples = ['<%= config.bin %> desk --as olga', '<%= config.bin %> desk --json']

  async run(): Promise<DeskView> {
    const {flags} = await this.parse(Desk)
    const {client} = await this.openSeat(flags)
    const d = await fetchDesk(client)
    this.log(`desk for ${d.agent_id}: ${Object.entries(d.counts).map(([k, v]) => `${k.replace(/_/g, ' ')} ${v}`).join(', ')}`)
    for (const r of d.to_answer) this.log(`  answer  #${r.channel}#${r.seq} from ${r.sender}${r.escalated ? ' ESCALATED' : ''}  ${clean(r.title)}`)
    for (const r of d.to_close) this.log(`  close   #${r.channel}#${r.seq}  ${clean(r.title)}`)
    for (const r of d.waiting_on_you) this.log(`  waits on you  #${r.channel} ${r.key} (${r.holder})`)
    for (const r of d.queue) this.log(`  queue   #${r.channel} ${r.key} v${r.version}`)
    for (const r of d.unacknowledged_rulings) this.log(`  ruling  #${r.channel} ${r.key} not acknowledged (agora rulings ack ${r.channel} ${r.key})`)
    return d
  }
}
