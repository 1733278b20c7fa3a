import type {Knex} from 'knex'

/** Schema versions, applied in order by knex's migrator; never edit a shipped step, add one. */
const STEPS: Array<{name: string; sql: string[]}> = [
  {
    name: '0001_core',
    sql: [
      `CREATE TABLE agents (id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', about TEXT NOT NULL DEFAULT '',
        mission TEXT NOT NULL DEFAULT '', operator INTEGER NOT NULL DEFAULT 0, key_hash TEXT NOT NULL UNIQUE,
        created_at REAL NOT NULL, retired_at REAL, retired_reason TEXT, deleted_at REAL)`,
      `CREATE TABLE channels (name TEXT PRIMARY KEY, private INTEGER NOT NULL DEFAULT 1, created_by TEXT NOT NULL,
        created_at REAL NOT NULL, archived_at REAL)`,
      `CREATE TABLE members (channel TEXT NOT NULL, agent_id TEXT NOT NULL, role TEXT NOT NULL DEFAULT 'member',
        joined_at REAL NOT NULL, PRIMARY KEY (channel, agent_id))`,
      `CREATE INDEX members_agent ON members (agent_id)`,
      `CREATE TABLE invites (token_hash TEXT PRIMARY KEY, channel TEXT NOT NULL, agent_id TEXT, created_by TEXT NOT NULL,
        created_at REAL NOT NULL, expires_at REAL NOT NULL, used_at REAL, used_by TEXT)`,
      `CREATE TABLE messages (id TEXT PRIMARY KEY, channel TEXT NOT NULL, seq INTEGER NOT NULL, sender TEXT NOT NULL,
        kind TEXT NOT NULL, status TEXT NOT NULL, urgency TEXT NOT NULL, critical INTEGER NOT NULL DEFAULT 0,
        downgraded INTEGER NOT NULL DEFAULT 0, to_json TEXT NOT NULL DEFAULT '[]', title TEXT NOT NULL DEFAULT '',
        body TEXT NOT NULL DEFAULT '', data_json TEXT, reply_to TEXT, created_at REAL NOT NULL, hash TEXT,
        retracted_at REAL, retracted_by TEXT, closed INTEGER NOT NULL DEFAULT 0, UNIQUE (channel, seq))`,
      `CREATE INDEX messages_reply_to ON messages (reply_to) WHERE reply_to IS NOT NULL`,
      `CREATE INDEX messages_obligations ON messages (channel, seq) WHERE status IN ('open','blocked') AND retracted_at IS NULL AND closed = 0`,
      `CREATE INDEX messages_critical ON messages (channel, seq) WHERE critical = 1`,
      `CREATE INDEX messages_sender_open ON messages (sender) WHERE status IN ('open','blocked')`,
      `CREATE TABLE message_to (message_id TEXT NOT NULL, agent_id TEXT NOT NULL, channel TEXT NOT NULL,
        seq INTEGER NOT NULL, cleared INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (agent_id, message_id))`,
      `CREATE INDEX message_to_open ON message_to (agent_id) WHERE cleared = 0`,
      `CREATE TABLE message_dedupe (channel TEXT NOT NULL, sender TEXT NOT NULL, key TEXT NOT NULL,
        message_id TEXT NOT NULL, PRIMARY KEY (channel, sender, key))`,
      `CREATE TABLE reads (message_id TEXT NOT NULL, agent TEXT NOT NULL, read_at REAL NOT NULL,
        PRIMARY KEY (message_id, agent))`,
      `CREATE TABLE cursors (agent TEXT NOT NULL, channel TEXT NOT NULL, last_seq INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (agent, channel))`,
      `CREATE TABLE store (channel TEXT NOT NULL, key TEXT NOT NULL, value_json TEXT, version INTEGER NOT NULL,
        updated_by TEXT NOT NULL, updated_at REAL NOT NULL, PRIMARY KEY (channel, key))`,
      `CREATE TABLE fs_versions (channel TEXT NOT NULL, key TEXT NOT NULL, version INTEGER NOT NULL, value_json TEXT,
        updated_by TEXT NOT NULL, updated_at REAL NOT NULL, PRIMARY KEY (channel, key, version))`,
      `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
      `CREATE TABLE hub_pauses (id INTEGER PRIMARY KEY AUTOINCREMENT, since REAL NOT NULL, until REAL,
        reason TEXT NOT NULL DEFAULT '', by TEXT NOT NULL)`,
      `CREATE TABLE delegations (agent_id TEXT NOT NULL, powers TEXT NOT NULL, granted_at REAL NOT NULL,
        expires_at REAL NOT NULL, note TEXT NOT NULL DEFAULT '', scope TEXT NOT NULL DEFAULT '', revoked_at REAL)`,
      `CREATE TABLE blocks (id INTEGER PRIMARY KEY AUTOINCREMENT, scope TEXT NOT NULL, agent_id TEXT NOT NULL,
        imposed_by TEXT NOT NULL, imposed_at REAL NOT NULL, expires_at REAL, reason TEXT NOT NULL DEFAULT '',
        lifted_at REAL)`,
      `CREATE TABLE charter_receipts (agent TEXT NOT NULL, scope TEXT NOT NULL, version INTEGER NOT NULL,
        read_at REAL NOT NULL, view TEXT NOT NULL DEFAULT '', PRIMARY KEY (agent, scope))`,
    ],
  },
  {
    name: '0002_join_tokens',
    sql: [
      `CREATE TABLE join_tokens (token_id TEXT PRIMARY KEY, secret_hash TEXT NOT NULL, agent_id TEXT, about TEXT NOT NULL DEFAULT '',
        channels_json TEXT NOT NULL DEFAULT '[]', created_by TEXT NOT NULL, created_at REAL NOT NULL, expires_at REAL NOT NULL,
        max_uses INTEGER NOT NULL DEFAULT 1, uses INTEGER NOT NULL DEFAULT 0, revoked_at REAL)`,
    ],
  },
  {
    name: '0003_blobs',
    sql: [
      `CREATE TABLE blobs (channel TEXT NOT NULL, id TEXT NOT NULL, filename TEXT NOT NULL, content_type TEXT NOT NULL,
        size INTEGER NOT NULL, bytes BLOB NOT NULL, created_by TEXT NOT NULL, created_at REAL NOT NULL, PRIMARY KEY (channel, id))`,
    ],
  },
  {
    name: '0004_governance',
    sql: [
      `CREATE TABLE hub_texts (name TEXT PRIMARY KEY, text TEXT NOT NULL, version INTEGER NOT NULL,
        updated_by TEXT NOT NULL, updated_at REAL NOT NULL)`,
      `CREATE TABLE charter_versions (version INTEGER PRIMARY KEY, text TEXT NOT NULL, updated_by TEXT NOT NULL,
        updated_at REAL NOT NULL)`,
      `CREATE INDEX delegations_agent ON delegations (agent_id) WHERE revoked_at IS NULL`,
    ],
  },
  {
    // Rate-limit state shared by every hub process on one PostgreSQL database (cluster/pg-budgets.ts);
    // a single SQLite process keeps it in memory and leaves these empty.
    name: '0005_pg_budgets',
    sql: [
      `CREATE TABLE budget_buckets (kind TEXT NOT NULL, agent TEXT NOT NULL, tokens DOUBLE PRECISION NOT NULL,
        at DOUBLE PRECISION NOT NULL, PRIMARY KEY (kind, agent))`,
      `CREATE TABLE budget_spends (kind TEXT NOT NULL, agent TEXT NOT NULL, id TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (kind, agent, id))`,
    ],
  },
]

export const SCHEMA_VERSION = STEPS.length
/** Every step's name, as knex records it in `knex_migrations`. */
export const STEP_NAMES: readonly string[] = STEPS.map(s => s.name)

/** A knex migration source: the schema lives in code, versioned by step name. */
export class CodeMigrationSource implements Knex.MigrationSource<{name: string; sql: string[]}> {
  /** `translate` turns a step's SQLite text into another dialect's (dialect-sql.ts); identity for SQLite. */
  constructor(private readonly translate: (sql: string) => string = sql => sql) {}

  async getMigrations(): Promise<Array<{name: string; sql: string[]}>> {
    return STEPS
  }

  getMigrationName(step: {name: string}): string {
    return step.name
  }

  async getMigration(step: {sql: string[]}): Promise<Knex.Migration> {
    const translate = this.translate
    return {
      async up(knex: Knex) {
        for (const sql of step.sql) await knex.raw(translate(sql))
      },
      async down() {
        throw new Error('agora migrations are forward-only')
      },
    }
  }
}
