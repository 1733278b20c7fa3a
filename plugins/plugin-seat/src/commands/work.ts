import {Args} from '@oclif/core'

import {clean} from '@agora/command'
import {SeatCommand} from '../seat-command.js'
import type {Obj} from '../work-text.js'

export default class Work extends SeatCommand {
  static override description = 'Everything in your channels citing a work item (GET /work/{item_id}): its work: rows, the claims and phases naming it, and messages mentioning it.'
  static override examples = ['<%= config.bin %> work parser-12', '<%= config.bin %> work parser-12 --json']
  static override args = {id: Args.string({description: 'the work item id, <package>-<n>', required: true})}

  async run(): Promise<Obj> {
    const {args, flags} = await this.parse(Work)
    const {client} = await this.openSeat(flags)
    const w = await client.request<Obj>('GET', `/work/${encodeURIComponent(args.id)}`)
    this.log(`work ${w.item_id}: ${w.rows.length} row(s), ${w.claims.length} claim(s), ${w.phases.length} phase(s), ${w.messages.length} message(s)`)
    for (const r of [...w.rows, ...w.claims, ...w.phases]) {
      const v = r.value ?? {}
      this.log(`  #${r.channel} ${r.key} v${r.version} by ${r.updated_by}  ${clean(String(v.status ?? v.state ?? ''))}${v.owner ? `  owner ${v.owner}` : ''}${v.title ? `  ${clean(v.title)}` : ''}`)
    }
    for (const m of w.messages) this.log(`  #${m.channel}#${m.seq} ${m.sender} ${m.status}  ${clean(m.title)}`)
    return w
  }
}
