import {Args, Flags} from '@oclif/core'
import {chmodSync, constants, copyFileSync, existsSync, mkdirSync, renameSync} from 'node:fs'
import {dirname, resolve} from 'node:path'

import {hubDbPath, isPostgresUrl, whyBusy} from '../hub-running.js'
import {OperatorCommand} from '../operator-command.js'
import {count} from '@agora/command'
import {verifySnapshot} from '../snapshot.js'
import type {SnapshotCheck} from '../snapshot.js'

export interface RestoreResult {
  db: string
  snapshot: SnapshotCheck
  /** Where the previous database (and its -wal/-shm) now lives; null when there was none. */
  preserved: string[]
}

const stamp = (): string => new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')

export default class Restore extends OperatorCommand {
  static override args = {file: Args.string({description: 'a snapshot written by `agora backup`', required: true})}
  static override description = `Install a snapshot as the hub database. Refused while a hub serves that database.

The snapshot is verified first (integrity_check and every ledger). The current database, with its
-wal/-shm, is moved aside to agora.db.before-restore-<time>, never deleted. Needs --yes to replace one. With --db postgres://… the snapshot is loaded into that database; one that already holds a hub keeps it in schema before_restore_<time>.`

  static override examples = ['<%= config.bin %> restore ~/agora-2026-11-30.db --yes', '<%= config.bin %> restore snap.db --db postgres://agora@db.internal/agora --yes']
  static override flags = {
    db: Flags.string({description: 'the hub database to replace (default: config.json db_path, then <home>/agora.db)'}),
    yes: Flags.boolean({description: 'confirm replacing an existing database (it is kept aside)'}),
  }

  async run(): Promise<RestoreResult> {
    const {args, flags} = await this.parse(Restore)
    const home = this.homeOf(flags)
    const db = hubDbPath(home, flags.db)
    if (resolve(args.file) === db) throw new Error(`${db} is the hub database itself; restore from a snapshot file \`agora backup\` wrote`)
    const snapshot = verifySnapshot(args.file)
    if (!snapshot.verified) {
      const bad = snapshot.ledgers.filter((l) => !l.intact).map((l) => `${l.channel}@${l.broken_at}`).join(', ')
      throw new Error(`${snapshot.file} did not verify (integrity ${snapshot.integrity}${bad ? `; broken ledgers ${bad}` : ''}); nothing was changed`)
    }
    if (isPostgresUrl(db)) return this.intoPostgres(db, snapshot, !!flags.yes)
    const busy = await whyBusy(home, db)
    if (busy) throw new Error(`restore refused: ${busy}; nothing was changed`)
    const preserved: string[] = []
    if (existsSync(db)) {
      if (!flags.yes) throw new Error(`${db} exists; re-run with --yes to replace it (it is moved aside, never deleted)`)
      const aside = `${db}.before-restore-${stamp()}`
      for (const suffix of ['', '-wal', '-shm']) {
        if (!existsSync(db + suffix)) continue
        renameSync(db + suffix, aside + suffix)
        preserved.push(aside + suffix)
      }
    }
    mkdirSync(dirname(db), {recursive: true, mode: 0o700})
    copyFileSync(snapshot.file, db, constants.COPYFILE_EXCL)
    chmodSync(db, 0o600)
    this.log(`restored ${db} from ${snapshot.file}: ${count(snapshot.channels, 'channel')}, ${count(snapshot.messages, 'message')}, verified` +
      `${preserved.length ? `; previous database kept at ${preserved[0]}` : ''}`)
    return {db, preserved, snapshot}
  }

  /** Into PostgreSQL: refused while a hub is connected; a database holding a hub keeps it in a renamed schema. */
  private async intoPostgres(url: string, snapshot: SnapshotCheck, yes: boolean): Promise<RestoreResult> {
    const {importPostgres, postgresHubsConnected} = await import('@agora/hub')
    const shown = url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@')
    const hubs = await postgresHubsConnected(url)
    if (hubs > 0) throw new Error(`restore refused: ${hubs} hub connection(s) are open on ${shown}; stop every \`agora up\` serving it first; nothing was changed`)
    const aside = `before_restore_${stamp().toLowerCase()}`
    const {preserved} = await importPostgres(snapshot.file, url, {replace: yes, aside})
    this.log(`restored ${shown} from ${snapshot.file}: ${count(snapshot.channels, 'channel')}, ${count(snapshot.messages, 'message')}, verified` +
      `${preserved ? `; previous tables kept in schema ${preserved}` : ''}`)
    return {db: shown, preserved: preserved ? [preserved] : [], snapshot}
  }
}
