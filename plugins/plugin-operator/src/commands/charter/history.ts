import {Flags} from '@oclif/core'

import {charterHistory, charterVersion} from '../../governance-calls.js'
import type {CharterHistoryRow} from '../../governance-calls.js'
import {unifiedDiff} from '../../line-diff.js'
import {OperatorCommand} from '../../operator-command.js'
import {clean, cleanLine, iso} from '@agora/command'

export type CharterHistoryResult = {versions: CharterHistoryRow[]} | {from: number; to: number; diff: string}

export default class CharterHistory extends OperatorCommand {
  static override summary = 'List hub charter versions, or diff two with --diff <a> <b>.'
  static override description = `List hub charter versions (newest first, down to the packaged v0), or with --diff <a> <b> show a unified line diff between two versions. Reading history records no receipt.`

  static override examples = ['<%= config.bin %> charter history', '<%= config.bin %> charter history --diff 1 2']
  static override flags = {
    as: Flags.string({description: 'ask as this seat instead of the admin key', helpGroup: 'HUB'}),
    limit: Flags.integer({description: 'how many versions', default: 50, min: 1, max: 500}),
    diff: Flags.integer({description: 'two version numbers: --diff <a> <b>', multiple: true, min: 0}),
  }

  async run(): Promise<CharterHistoryResult> {
    const {flags} = await this.parse(CharterHistory)
    const client = flags.as ? await this.seatClient(flags) : this.adminClient(flags)
    const admin = !flags.as
    if (flags.diff) {
      const [a, b] = flags.diff
      if (a === undefined || b === undefined || flags.diff.length !== 2) this.error(`--diff takes exactly two versions, e.g. --diff 1 2 (got ${flags.diff.length})`)
      const [va, vb] = await Promise.all([charterVersion(client, a, admin), charterVersion(client, b, admin)])
      const diff = unifiedDiff(va.text, vb.text, `charter v${a}`, `charter v${b}`)
      this.log(diff ? clean(diff).replace(/\n$/, '') : `charter v${a} and v${b} are identical`)
      return {from: a, to: b, diff}
    }
    const versions = await charterHistory(client, flags.limit, admin)
    for (const v of versions) {
      this.log(`v${v.version}${v.current ? ' (current)' : ''}  ${v.updated_at === null ? 'packaged default' : `${iso(v.updated_at)} by ${cleanLine(v.updated_by)}`}  ${v.bytes} bytes`)
    }
    return {versions}
  }
}
