import {fetchBoard} from '@agora/client'
import type {Board as BoardView} from '@agora/client'

import {SeatCommand} from '../seat-command.js'
import {rowText} from '../work-text.js'

export default class Board extends SeatCommand {
  static override description = 'Show the fleet work this seat can see (GET /board): live claim and phase rows in its channels, stale ones flagged, what it holds, what waits on it, its obligation counts and every seat it shares a room with.'
  static override examples = ['<%= config.bin %> board --as alice', '<%= config.bin %> board --json']

  async run(): Promise<BoardView> {
    const {flags} = await this.parse(Board)
    const {client} = await this.openSeat(flags)
    const b = await fetchBoard(client)
    const o = b.obligations
    this.log(`board for ${b.agent_id}: owes ${o.to_answer} (${o.escalated} escalated), to consume ${o.to_consume}, to close ${o.to_close}`)
    this.log(`yours: ${b.mine.join(', ') || 'none'}; waiting on you: ${b.blocking_me.join(', ') || 'none'}`)
    this.log(`rows (${b.rows.length}):`)
    for (const r of b.rows) this.log(`  ${rowText(r)}`)
    this.log(`seats (${b.seats.length}):`)
    for (const s of b.seats) this.log(`  ${s.agent_id}  ${s.state}  claims ${s.claims}  phases ${s.phases}${s.stale ? `  stale ${s.stale}` : ''}${s.blocking.length ? `  blocking ${s.blocking.join(',')}` : ''}`)
    return b
  }
}
