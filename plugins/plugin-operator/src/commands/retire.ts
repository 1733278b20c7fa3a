import {Args, Flags} from '@oclif/core'

import {OperatorCommand} from '../operator-command.js'
import {cleanLine, ExitCode} from '@agora/command'

export interface RetiredRow {agent_id: string; retired_at: number; reason: string; deleted: boolean; deleted_at: number | null}

export default class Retire extends OperatorCommand {
  static override args = {id: Args.string({description: 'the seat to retire (omit with --list)'})}
  static override summary = 'Operator: retire a seat; --delete erases a retired one, --list shows them.'
  static override description = `Operator: retire a seat (POST /agents/{id}/retire). Its key is refused from then on, its live connections close and it leaves every room; its id stays reserved. \`agora unretire <id>\` brings it back.
--delete hard-deletes an already retired seat for good; --list shows every retired seat.`

  static override examples = [
    '<%= config.bin %> retire bob --reason "project ended"',
    '<%= config.bin %> retire --list --json',
    '<%= config.bin %> retire bob --delete --as boss',
  ]

  static override flags = {
    reason: Flags.string({description: 'why (at most 200 characters); kept in the retired list'}),
    list: Flags.boolean({description: 'list retired seats instead'}),
    delete: Flags.boolean({description: 'hard-delete a retired seat: its profile and notes are erased, never undone'}),
    as: Flags.string({description: 'act as this operator seat instead of the admin key', helpGroup: 'HUB'}),
  }

  async run(): Promise<Record<string, unknown> | RetiredRow[]> {
    const {args, flags} = await this.parse(Retire)
    if (!flags.list && !args.id) this.error('name the seat to retire (agora retire <id>), or pass --list', {exit: ExitCode.Refused})
    if (flags.list && (args.id || flags.delete || flags.reason)) this.error('--list takes no seat, --delete or --reason', {exit: ExitCode.Refused})
    if (flags.delete && flags.reason !== undefined) this.error('--reason belongs to the retirement; a hard delete takes none', {exit: ExitCode.Refused})
    const client = flags.as ? await this.seatClient(flags) : this.adminClient(flags)
    const admin = !flags.as
    if (flags.list) {
      const rows = await client.request<RetiredRow[]>('GET', '/agents/retired', {admin})
      for (const r of rows) {
        this.log(`${cleanLine(r.agent_id)}\tretired ${new Date(r.retired_at * 1000).toISOString()}${r.deleted ? '\tdeleted' : ''}${r.reason ? `\t${cleanLine(r.reason)}` : ''}`)
      }
      if (rows.length === 0) this.log('no retired seats')
      return rows
    }
    const id = encodeURIComponent(args.id!)
    if (flags.delete) {
      const r = await client.request<Record<string, unknown>>('DELETE', `/agents/${id}`, {admin})
      this.log(`deleted ${args.id} for good; its id stays reserved`)
      return r
    }
    const r = await client.request<{agent_id: string; left: string[]}>('POST', `/agents/${id}/retire`,
      {admin, body: flags.reason === undefined ? {} : {reason: flags.reason}})
    this.log(`retired ${cleanLine(r.agent_id)}; it left ${r.left.length ? r.left.join(', ') : 'no rooms'}`)
    return r
  }
}
