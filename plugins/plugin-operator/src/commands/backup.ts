import {Args, Flags} from '@oclif/core'

import {hubDbPath} from '../hub-running.js'
import {OperatorCommand} from '../operator-command.js'
import {count} from '@agora/command'
import {backupDatabase} from '../snapshot.js'
import type {BackupResult} from '../snapshot.js'

export default class Backup extends OperatorCommand {
  static override args = {file: Args.string({description: 'where to write the snapshot (must not exist yet)', required: true})}
  static override description = `Take a verified snapshot of the hub database, safe while the hub runs.

Uses SQLite's online backup API on the database (opened read-only), then checks the snapshot: PRAGMA integrity_check must be ok and every channel's ledger must recompute intact. The file is written 0600 and only gets its name once it verified. With --db postgres://… every table is read in one REPEATABLE READ transaction (a consistent point in time while hubs keep writing) into the same kind of SQLite snapshot, so it verifies the same way and restores into SQLite or PostgreSQL.`

  static override examples = ['<%= config.bin %> backup ~/agora-2026-11-30.db', '<%= config.bin %> backup snap.db --db /srv/agora/agora.db --json',
    '<%= config.bin %> backup snap.db --db postgres://agora@db.internal:5432/agora']
  static override flags = {db: Flags.string({description: 'the hub database: a SQLite file or postgres:// URL (default: config.json db_path, then <home>/agora.db)'})}

  async run(): Promise<BackupResult> {
    const {args, flags} = await this.parse(Backup)
    const result = await backupDatabase(hubDbPath(this.homeOf(flags), flags.db), args.file)
    this.log(`backup ${result.file}: ${count(result.channels, 'channel')}, ${count(result.messages, 'message')}, ${count(result.bytes, 'byte')}; ` +
      `integrity ${result.integrity}, every ledger intact: ${result.verified ? 'verified' : 'NOT verified'}`)
    return result
  }
}
