"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.CodeMigrationSource = exports.STEP_NAMES = exports.SCHEMA_VERSION = void 0;
var STEPS = [
    {
        name: '0001_core',
        sql: [
            "CREATE TABLE agents (id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', about TEXT NOT NULL DEFAULT '',\n        mission TEXT NOT NULL DEFAULT '', operator INTEGER NOT NULL DEFAULT 0, key_hash TEXT NOT NULL UNIQUE,\n        created_at REAL NOT NULL, retired_at REAL, retired_reason TEXT, deleted_at REAL)",
            "CREATE TABLE channels (name TEXT PRIMARY KEY, private INTEGER NOT NULL DEFAULT 1, created_by TEXT NOT NULL,\n        created_at REAL NOT NULL, archived_at REAL)",
            "CREATE TABLE members (channel TEXT NOT NULL, agent_id TEXT NOT NULL, role TEXT NOT NULL DEFAULT 'member',\n        joined_at REAL NOT NULL, PRIMARY KEY (channel, agent_id))",
            "CREATE INDEX members_agent ON members (agent_id)",
            "CREATE TABLE invites (token_hash TEXT PRIMARY KEY, channel TEXT NOT NULL, agent_id TEXT, created_by TEXT NOT NULL,\n        created_at REAL NOT NULL, expires_at REAL NOT NULL, used_at REAL, used_by TEXT)",
            "CREATE TABLE messages (id TEXT PRIMARY KEY, channel TEXT NOT NULL, seq INTEGER NOT NULL, sender TEXT NOT NULL,\n        kind TEXT NOT NULL, status TEXT NOT NULL, urgency TEXT NOT NULL, critical INTEGER NOT NULL DEFAULT 0,\n        downgraded INTEGER NOT NULL DEFAULT 0, to_json TEXT NOT NULL DEFAULT '[]', title TEXT NOT NULL DEFAULT '',\n        body TEXT NOT NULL DEFAULT '', data_json TEXT, reply_to TEXT, created_at REAL NOT NULL, hash TEXT,\n        retracted_at REAL, retracted_by TEXT, closed INTEGER NOT NULL DEFAULT 0, UNIQUE (channel, seq))",
            "CREATE INDEX messages_reply_to ON messages (reply_to) WHERE reply_to IS NOT NULL",
            "CREATE INDEX messages_obligations ON messages (channel, seq) WHERE status IN ('open','blocked') AND retracted_at IS NULL AND closed = 0",
            "CREATE INDEX messages_critical ON messages (channel, seq) WHERE critical = 1",
            "CREATE INDEX messages_sender_open ON messages (sender) WHERE status IN ('open','blocked')",
            "CREATE TABLE message_to (message_id TEXT NOT NULL, agent_id TEXT NOT NULL, channel TEXT NOT NULL,\n        seq INTEGER NOT NULL, cleared INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (agent_id, message_id))",
            "CREATE INDEX message_to_open ON message_to (agent_id) WHERE cleared = 0",
            "CREATE TABLE message_dedupe (channel TEXT NOT NULL, sender TEXT NOT NULL, key TEXT NOT NULL,\n        message_id TEXT NOT NULL, PRIMARY KEY (channel, sender, key))",
            "CREATE TABLE reads (message_id TEXT NOT NULL, agent TEXT NOT NULL, read_at REAL NOT NULL,\n        PRIMARY KEY (message_id, agent))",
            "CREATE TABLE cursors (agent TEXT NOT NULL, channel TEXT NOT NULL, last_seq INTEGER NOT NULL DEFAULT 0,\n        PRIMARY KEY (agent, channel))",
            "CREATE TABLE store (channel TEXT NOT NULL, key TEXT NOT NULL, value_json TEXT, version INTEGER NOT NULL,\n        updated_by TEXT NOT NULL, updated_at REAL NOT NULL, PRIMARY KEY (channel, key))",
            "CREATE TABLE fs_versions (channel TEXT NOT NULL, key TEXT NOT NULL, version INTEGER NOT NULL, value_json TEXT,\n        updated_by TEXT NOT NULL, updated_at REAL NOT NULL, PRIMARY KEY (channel, key, version))",
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
            "CREATE TABLE hub_pauses (id INTEGER PRIMARY KEY AUTOINCREMENT, since REAL NOT NULL, until REAL,\n        reason TEXT NOT NULL DEFAULT '', by TEXT NOT NULL)",
            "CREATE TABLE delegations (agent_id TEXT NOT NULL, powers TEXT NOT NULL, granted_at REAL NOT NULL,\n        expires_at REAL NOT NULL, note TEXT NOT NULL DEFAULT '', scope TEXT NOT NULL DEFAULT '', revoked_at REAL)",
            "CREATE TABLE blocks (id INTEGER PRIMARY KEY AUTOINCREMENT, scope TEXT NOT NULL, agent_id TEXT NOT NULL,\n        imposed_by TEXT NOT NULL, imposed_at REAL NOT NULL, expires_at REAL, reason TEXT NOT NULL DEFAULT '',\n        lifted_at REAL)",
            "CREATE TABLE charter_receipts (agent TEXT NOT NULL, scope TEXT NOT NULL, version INTEGER NOT NULL,\n        read_at REAL NOT NULL, view TEXT NOT NULL DEFAULT '', PRIMARY KEY (agent, scope))",
        ],
    },
    {
        name: '0002_join_tokens',
        sql: [
            "CREATE TABLE join_tokens (token_id TEXT PRIMARY KEY, secret_hash TEXT NOT NULL, agent_id TEXT, about TEXT NOT NULL DEFAULT '',\n        channels_json TEXT NOT NULL DEFAULT '[]', created_by TEXT NOT NULL, created_at REAL NOT NULL, expires_at REAL NOT NULL,\n        max_uses INTEGER NOT NULL DEFAULT 1, uses INTEGER NOT NULL DEFAULT 0, revoked_at REAL)",
        ],
    },
    {
        name: '0003_blobs',
        sql: [
            "CREATE TABLE blobs (channel TEXT NOT NULL, id TEXT NOT NULL, filename TEXT NOT NULL, content_type TEXT NOT NULL,\n        size INTEGER NOT NULL, bytes BLOB NOT NULL, created_by TEXT NOT NULL, created_at REAL NOT NULL, PRIMARY KEY (channel, id))",
        ],
    },
    {
        name: '0004_governance',
        sql: [
            "CREATE TABLE hub_texts (name TEXT PRIMARY KEY, text TEXT NOT NULL, version INTEGER NOT NULL,\n        updated_by TEXT NOT NULL, updated_at REAL NOT NULL)",
            "CREATE TABLE charter_versions (version INTEGER PRIMARY KEY, text TEXT NOT NULL, updated_by TEXT NOT NULL,\n        updated_at REAL NOT NULL)",
            "CREATE INDEX delegations_agent ON delegations (agent_id) WHERE revoked_at IS NULL",
        ],
    },
    {
        name: '0005_life_lifecycle',
        sql: [
            // The rooms a seat was in when it was retired, so unretire can put it back.
            "CREATE TABLE retired_members (agent_id TEXT NOT NULL, channel TEXT NOT NULL, role TEXT NOT NULL,\n        joined_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (agent_id, channel))",
            "CREATE TABLE colleague_notes (author TEXT NOT NULL, subject TEXT NOT NULL, note TEXT NOT NULL,\n        updated_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (author, subject))",
        ],
    },
    {
        // The web desk (agora-core/desk): one-time login tokens and the sessions they open; only hashes are stored.
        name: '0006_desk_sessions',
        sql: [
            "CREATE TABLE desk_login_tokens (token_hash TEXT PRIMARY KEY, agent_id TEXT NOT NULL, admin INTEGER NOT NULL,\n        created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL)",
            "CREATE TABLE desk_sessions (session_hash TEXT PRIMARY KEY, agent_id TEXT NOT NULL, admin INTEGER NOT NULL,\n        created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL)",
        ],
    },
    {
        name: '0007_work_ruling_acks',
        sql: [
            "CREATE TABLE ruling_acks (channel TEXT NOT NULL, key TEXT NOT NULL, agent_id TEXT NOT NULL, version INTEGER NOT NULL,\n        acked_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (channel, key, agent_id))",
        ],
    },
    {
        name: '0008_rep_reputation_search',
        sql: [
            // Agent votes (category = axis, message_id '') and message ratings (category 'general') share one table,
            // so leaving a channel drops a rater's votes there in one statement. `day` is the UTC day of the vote,
            // the unit of the daily counting cap.
            "CREATE TABLE rep_votes (channel TEXT NOT NULL, rater TEXT NOT NULL, target TEXT NOT NULL, category TEXT NOT NULL,\n        message_id TEXT NOT NULL DEFAULT '', value INTEGER NOT NULL, note TEXT NOT NULL DEFAULT '',\n        created_at DOUBLE PRECISION NOT NULL, day TEXT NOT NULL, PRIMARY KEY (channel, rater, target, category, message_id))",
            "CREATE INDEX rep_votes_message ON rep_votes (message_id) WHERE message_id <> ''",
            "CREATE INDEX rep_votes_target ON rep_votes (target, channel)",
            "CREATE TABLE message_embeddings (message_id TEXT PRIMARY KEY, channel TEXT NOT NULL, model TEXT NOT NULL,\n        vector TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL)",
            "CREATE INDEX message_embeddings_channel ON message_embeddings (channel)",
        ],
        // Full-text search: an FTS5 index over live human messages, kept in step by triggers so every insert
        // path (posts, system rows, imports) is covered; retraction purges the row (the stored bytes stay).
        sqlite: [
            "CREATE VIRTUAL TABLE messages_fts USING fts5(title, body, content='messages', content_rowid='rowid',\n        tokenize='unicode61 remove_diacritics 2')",
            "CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages WHEN new.kind = 'message' AND new.retracted_at IS NULL\n        BEGIN INSERT INTO messages_fts (rowid, title, body) VALUES (new.rowid, new.title, new.body); END",
            "CREATE TRIGGER messages_fts_retract AFTER UPDATE OF retracted_at ON messages\n        WHEN old.kind = 'message' AND old.retracted_at IS NULL AND new.retracted_at IS NOT NULL\n        BEGIN INSERT INTO messages_fts (messages_fts, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body); END",
            "CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages WHEN old.kind = 'message' AND old.retracted_at IS NULL\n        BEGIN INSERT INTO messages_fts (messages_fts, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body); END",
            "INSERT INTO messages_fts (rowid, title, body) SELECT rowid, title, body FROM messages WHERE kind = 'message' AND retracted_at IS NULL",
        ],
        postgres: [
            "ALTER TABLE messages ADD COLUMN search_tsv tsvector\n        GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(body, ''))) STORED",
            "CREATE INDEX messages_search ON messages USING GIN (search_tsv) WHERE kind = 'message' AND retracted_at IS NULL",
        ],
    },
    {
        // Per-turn tokens: an HTTP MCP session presents one instead of the seat's key (docs/protocol.md "Turn tokens").
        name: '0009_orca_turn_tokens',
        sql: [
            "CREATE TABLE turn_tokens (token_id TEXT PRIMARY KEY, secret_hash TEXT NOT NULL, agent_id TEXT NOT NULL, turn_id TEXT NOT NULL,\n        created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL, session_id TEXT, revoked_at DOUBLE PRECISION)",
            "CREATE INDEX turn_tokens_agent ON turn_tokens (agent_id)",
        ],
    },
    {
        // Rate-limit state shared by every hub process on one PostgreSQL database (cluster/pg-budgets.ts);
        // a single SQLite process keeps it in memory and leaves these empty.
        name: '0010_pg_budgets',
        sql: [
            "CREATE TABLE budget_buckets (kind TEXT NOT NULL, agent TEXT NOT NULL, tokens DOUBLE PRECISION NOT NULL,\n        at DOUBLE PRECISION NOT NULL, PRIMARY KEY (kind, agent))",
            "CREATE TABLE budget_spends (kind TEXT NOT NULL, agent TEXT NOT NULL, id TEXT NOT NULL, at DOUBLE PRECISION NOT NULL,\n        PRIMARY KEY (kind, agent, id))",
        ],
    },
];
exports.SCHEMA_VERSION = STEPS.length;
/** Every step's name, as knex records it in `knex_migrations`. */
exports.STEP_NAMES = STEPS.map(function (s) { return s.name; });
/** A knex migration source: the schema lives in code, versioned by step name. */
var CodeMigrationSource = /** @class */ (function () {
    /** `translate` turns a step's SQLite text into another dialect's (dialect-sql.ts); identity for SQLite. */
    function CodeMigrationSource(translate) {
        if (translate === void 0) { translate = function (sql) { return sql; }; }
        this.translate = translate;
    }
    CodeMigrationSource.prototype.getMigrations = function () {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                return [2 /*return*/, STEPS];
            });
        });
    };
    CodeMigrationSource.prototype.getMigrationName = function (step) {
        return step.name;
    };
    CodeMigrationSource.prototype.getMigration = function (step) {
        return __awaiter(this, void 0, void 0, function () {
            var translate;
            return __generator(this, function (_a) {
                translate = this.translate;
                return [2 /*return*/, {
                        up: function (knex) {
                            return __awaiter(this, void 0, void 0, function () {
                                var postgres, _i, _a, sql, _b, _c, sql;
                                var _d;
                                return __generator(this, function (_e) {
                                    switch (_e.label) {
                                        case 0:
                                            postgres = /^(pg|postgres)/.test(String(knex.client.config.client));
                                            _i = 0, _a = step.sql;
                                            _e.label = 1;
                                        case 1:
                                            if (!(_i < _a.length)) return [3 /*break*/, 4];
                                            sql = _a[_i];
                                            return [4 /*yield*/, knex.raw(translate(sql))];
                                        case 2:
                                            _e.sent();
                                            _e.label = 3;
                                        case 3:
                                            _i++;
                                            return [3 /*break*/, 1];
                                        case 4:
                                            _b = 0, _c = (_d = (postgres ? step.postgres : step.sqlite)) !== null && _d !== void 0 ? _d : [];
                                            _e.label = 5;
                                        case 5:
                                            if (!(_b < _c.length)) return [3 /*break*/, 8];
                                            sql = _c[_b];
                                            return [4 /*yield*/, knex.raw(sql)];
                                        case 6:
                                            _e.sent();
                                            _e.label = 7;
                                        case 7:
                                            _b++;
                                            return [3 /*break*/, 5];
                                        case 8: return [2 /*return*/];
                                    }
                                });
                            });
                        },
                        down: function () {
                            return __awaiter(this, void 0, void 0, function () {
                                return __generator(this, function (_a) {
                                    throw new Error('agora migrations are forward-only');
                                });
                            });
                        },
                    }];
            });
        });
    };
    return CodeMigrationSource;
}());
exports.CodeMigrationSource = CodeMigrationSource;
