import {Args, Flags} from '@oclif/core'
import {chmodSync, constants, copyFileSync, existsSync, mkdirSync, renameSync} from 'node:fs'
import {dirname, resolve} from 'node:path'

import {hubDbPath, whyBusy} from '../hub-running.js'
import {OperatorCommand} from '../operator-command.js'
import {count} from '../render.js'
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
  static args = {file: Args.string({description: 'a snapshot written by `agora backup`', required: true})}
  static description = `Install a snapshot as the hub database. Refused while a hub serves that database.

The snapshot is verified first (integrity_check and every ledger). The current database, with its
-wal/-shm, is moved aside to agora.db.before-restore-<time>, never deleted. Needs --yes to replace one.`

  static examples = ['<%= config.bin %> restore ~/agora-2026-11-30.db --yes']
  static flags = {
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
}
