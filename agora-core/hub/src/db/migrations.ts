import type {Knex} from 'knex'

/** Schema versions, applied in order by knex's migrator; never edit a shipped step, add one. */
interface Step {
  name: string
  sql: string[]
  /** Statements only one dialect runs (full-text search differs), after `sql`. */
  sqlite?: string[]
  postgres?: string[]
}

const STEPS: Step[] = [
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
    name: '0005_life_lifecycle',
    sql: [
      // The rooms a seat was in when it was retired, so unretire can put it back.
      `CREATE TABLE retired_members (agent_id TEXT NOT NULL, channel TEXT NOT NULL, role TEXT NOT NULL,
        joined_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (agent_id, channel))`,
      `CREATE TABLE colleague_notes (author TEXT NOT NULL, subject TEXT NOT NULL, note TEXT NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (author, subject))`,
    ],
  },
  {
    // The web desk (agora-core/desk): one-time login tokens and the sessions they open; only hashes are stored.
    name: '0006_desk_sessions',
    sql: [
      `CREATE TABLE desk_login_tokens (token_hash TEXT PRIMARY KEY, agent_id TEXT NOT NULL, admin INTEGER NOT NULL,
        created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL)`,
      `CREATE TABLE desk_sessions (session_hash TEXT PRIMARY KEY, agent_id TEXT NOT NULL, admin INTEGER NOT NULL,
        created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL)`,
    ],
  },
  {
    name: '0007_work_ruling_acks',
    sql: [
      `CREATE TABLE ruling_acks (channel TEXT NOT NULL, key TEXT NOT NULL, agent_id TEXT NOT NULL, version INTEGER NOT NULL,
        acked_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (channel, key, agent_id))`,
    ],
  },
  {
    name: '0008_rep_reputation_search',
    sql: [
      // Agent votes (category = axis, message_id '') and message ratings (category 'general') share one table,
      // so leaving a channel drops a rater's votes there in one statement. `day` is the UTC day of the vote,
      // the unit of the daily counting cap.
      `CREATE TABLE rep_votes (channel TEXT NOT NULL, rater TEXT NOT NULL, target TEXT NOT NULL, category TEXT NOT NULL,
        message_id TEXT NOT NULL DEFAULT '', value INTEGER NOT NULL, note TEXT NOT NULL DEFAULT '',
        created_at DOUBLE PRECISION NOT NULL, day TEXT NOT NULL, PRIMARY KEY (channel, rater, target, category, message_id))`,
      `CREATE INDEX rep_votes_message ON rep_votes (message_id) WHERE message_id <> ''`,
      `CREATE INDEX rep_votes_target ON rep_votes (target, channel)`,
      `CREATE TABLE message_embeddings (message_id TEXT PRIMARY KEY, channel TEXT NOT NULL, model TEXT NOT NULL,
        vector TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)`,
      `CREATE INDEX message_embeddings_channel ON message_embeddings (channel)`,
    ],
    // Full-text search: an FTS5 index over live human messages, kept in step by triggers so every insert
    // path (posts, system rows, imports) is covered; retraction purges the row (the stored bytes stay).
    sqlite: [
      `CREATE VIRTUAL TABLE messages_fts USING fts5(title, body, content='messages', content_rowid='rowid',
        tokenize='unicode61 remove_diacritics 2')`,
      `CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages WHEN new.kind = 'message' AND new.retracted_at IS NULL
        BEGIN INSERT INTO messages_fts (rowid, title, body) VALUES (new.rowid, new.title, new.body); END`,
      `CREATE TRIGGER messages_fts_retract AFTER UPDATE OF retracted_at ON messages
        WHEN old.kind = 'message' AND old.retracted_at IS NULL AND new.retracted_at IS NOT NULL
        BEGIN INSERT INTO messages_fts (messages_fts, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body); END`,
      `CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages WHEN old.kind = 'message' AND old.retracted_at IS NULL
        BEGIN INSERT INTO messages_fts (messages_fts, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body); END`,
      `INSERT INTO messages_fts (rowid, title, body) SELECT rowid, title, body FROM messages WHERE kind = 'message' AND retracted_at IS NULL`,
    ],
    postgres: [
      `ALTER TABLE messages ADD COLUMN search_tsv tsvector
        GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(body, ''))) STORED`,
      `CREATE INDEX messages_search ON messages USING GIN (search_tsv) WHERE kind = 'message' AND retracted_at IS NULL`,
    ],
  },
  {
    // Per-turn tokens: an HTTP MCP session presents one instead of the seat's key (docs/protocol.md "Turn tokens").
    name: '0009_orca_turn_tokens',
    sql: [
      `CREATE TABLE turn_tokens (token_id TEXT PRIMARY KEY, secret_hash TEXT NOT NULL, agent_id TEXT NOT NULL, turn_id TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL, session_id TEXT, revoked_at DOUBLE PRECISION)`,
      `CREATE INDEX turn_tokens_agent ON turn_tokens (agent_id)`,
    ],
  },
  {
    // Rate-limit state shared by every hub process on one PostgreSQL database (cluster/pg-budgets.ts);
    // a single SQLite process keeps it in memory and leaves these empty.
    name: '0010_pg_budgets',
    sql: [
      `CREATE TABLE budget_buckets (kind TEXT NOT NULL, agent TEXT NOT NULL, tokens DOUBLE PRECISION NOT NULL,
        at DOUBLE PRECISION NOT NULL, PRIMARY KEY (kind, agent))`,
      `CREATE TABLE budget_spends (kind TEXT NOT NULL, agent TEXT NOT NULL, id TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (kind, agent, id))`,
    ],
  },
  {
    // The budgets are rate-limit state that a SQLite hub keeps in process memory (emptied by a restart).
    // On PostgreSQL they are UNLOGGED: still one set of buckets shared by every process, but spending a
    // token writes no WAL, so a post's budget upsert commits without its own WAL flush (measured: it was
    // one of a post's two flushes). A crash of PostgreSQL empties them, as a restart empties SQLite's.
    name: '0011_pg_unlogged_budgets',
    sql: [],
    postgres: ['ALTER TABLE budget_buckets SET UNLOGGED', 'ALTER TABLE budget_spends SET UNLOGGED'],
  },
  {
    // SQLite search counts a word most messages hold from the FTS5 index alone (services/search/index-counts.ts);
    // the resolved messages among its matches are found through this index instead of joining every match.
    // Created on both dialects so the schemas stay one (it holds only resolved rows, few next to the rest).
    name: '0012_search_resolved_messages',
    sql: [`CREATE INDEX messages_resolved ON messages (channel) WHERE status = 'resolved' AND retracted_at IS NULL`],
  },
  {
    // Presence shared by the hub processes on one PostgreSQL database (cluster/pg-presence.ts): each
    // process's heartbeat, and each seat as each process holds it. A SQLite hub (one process) keeps
    // presence in memory and leaves these empty. UNLOGGED on PostgreSQL: presence is live state that
    // connections rebuild, as a restart rebuilds a SQLite hub's.
    name: '0013_pg_presence',
    sql: [
      `CREATE TABLE hub_processes (origin TEXT PRIMARY KEY, beat_at REAL NOT NULL)`,
      `CREATE TABLE presence (origin TEXT NOT NULL, agent_id TEXT NOT NULL, connections INTEGER NOT NULL, state TEXT NOT NULL,
        state_at REAL NOT NULL, reception_at REAL, seen_at REAL NOT NULL, PRIMARY KEY (origin, agent_id))`,
    ],
    postgres: ['ALTER TABLE hub_processes SET UNLOGGED', 'ALTER TABLE presence SET UNLOGGED'],
  },
  {
    // A reporting delegate inherits the directives operators post (obligations/threads.ts inheritedThreads):
    // their replies and fyis, found by sender. Without this index that statement walked every message of the
    // delegate's channels (62 ms at 100k messages on each /owed and /inbox); with it, the operators' rows only.
    name: '0014_messages_by_sender',
    sql: [`CREATE INDEX messages_by_sender ON messages (sender, channel) WHERE kind = 'message' AND status IN ('reply', 'fyi') AND retracted_at IS NULL`],
  },
]

export const SCHEMA_VERSION = STEPS.length
/** Every step's name, as knex records it in `knex_migrations`. */
export const STEP_NAMES: readonly string[] = STEPS.map(s => s.name)

/** A knex migration source: the schema lives in code, versioned by step name. */
export class CodeMigrationSource implements Knex.MigrationSource<Step> {
  /** `translate` turns a step's SQLite text into another dialect's (dialect-sql.ts); identity for SQLite. */
  constructor(private readonly translate: (sql: string) => string = sql => sql) {}

  async getMigrations(): Promise<Step[]> {
    return STEPS
  }

  getMigrationName(step: {name: string}): string {
    return step.name
  }

  async getMigration(step: Step): Promise<Knex.Migration> {
    const translate = this.translate
    return {
      async up(knex: Knex) {
        // The shared text is translated; a step's dialect-only statements (FTS5 / tsvector) are already in their dialect.
        const postgres = /^(pg|postgres)/.test(String(knex.client.config.client))
        for (const sql of step.sql) await knex.raw(translate(sql))
        for (const sql of (postgres ? step.postgres : step.sqlite) ?? []) await knex.raw(sql)
      },
      async down() {
        throw new Error('agora migrations are forward-only')
      },
    }
  }
}
