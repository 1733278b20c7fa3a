import {fetchWorkItem} from '@agora/client'
import type {WorkItem} from '@agora/client'
import {Args} from '@oclif/core'

import {clean, cleanLine} from '@agora/command'
import {SeatCommand} from '../seat-command.js'

export default class Work extends SeatCommand {
  static override description = 'Everything in your channels citing a work item (GET /work/{item_id}): its work: rows, the claims and phases naming it, and messages mentioning it.'
  static override examples = ['<%= config.bin %> work parser-12', '<%= config.bin %> work parser-12 --json']
  static override args = {id: Args.string({description: 'the work item id, <package>-<n>', required: true})}

  async run(): Promise<WorkItem> {
    const {args, flags} = await this.parse(Work)
    const {client} = await this.openSeat(flags)
    const w = await fetchWorkItem(client, args.id)
    this.log(`work ${w.item_id}: ${w.rows.length} row(s), ${w.claims.length} claim(s), ${w.phases.length} phase(s), ${w.messages.length} message(s)`)
    for (const r of [...w.rows, ...w.claims, ...w.phases]) {
      const v = (r.value && typeof r.value === 'object' ? r.value : {}) as {status?: unknown; state?: unknown; owner?: unknown; title?: unknown}
      this.log(`  #${r.channel} ${r.key} v${r.version} by ${r.updated_by}  ${clean(String(v.status ?? v.state ?? ''))}${v.owner ? `  owner ${cleanLine(String(v.owner))}` : ''}${v.title ? `  ${clean(String(v.title))}` : ''}`)
    }
    for (const m of w.messages) this.log(`  #${m.channel}#${m.seq} ${m.sender} ${m.status}  ${clean(m.title)}`)
    return w
  }
}
