"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.payloadOf = payloadOf;
exports.appendFiller = appendFiller;
exports.rawBound = rawBound;
// Direct SQLite work for the benchmark: bulk filler rows (plain fyi messages, chained with
// the chain hash so the hub's ledger still verifies) and the raw bound (the hub's own rows
// re-inserted one transaction per row, with the same chain, through better-sqlite3 alone).
var better_sqlite3_1 = require("better-sqlite3");
var ulid_1 = require("ulid");
var protocol_1 = require("@agora/protocol");
function columns(db) {
    return db.prepare('PRAGMA table_info(messages)').all().map(function (c) { return c.name; });
}
/** The 15 hashed fields of a stored row, typed as the hub hashes them (docs/protocol.md#the-chain). */
function payloadOf(row) {
    var _a, _b, _c, _d, _e;
    var toText = ((_b = (_a = row.to_json) !== null && _a !== void 0 ? _a : row.to) !== null && _b !== void 0 ? _b : '[]');
    var dataText = ((_d = (_c = row.data_json) !== null && _c !== void 0 ? _c : row.data) !== null && _d !== void 0 ? _d : null);
    return {
        id: row.id, channel: row.channel, seq: row.seq, sender: row.sender, kind: row.kind, status: row.status,
        urgency: row.urgency, critical: row.critical ? 1 : 0, downgraded: row.downgraded ? 1 : 0,
        to: JSON.parse(toText), title: row.title, body: row.body,
        data: dataText === null ? null : (0, protocol_1.parseJsonLossless)(dataText), reply_to: (_e = row.reply_to) !== null && _e !== void 0 ? _e : null,
        created_at: (0, protocol_1.pyFloat)(row.created_at),
    };
}
function insertFor(db, cols) {
    var use = cols.filter(function (c) { return ['id', 'channel', 'seq', 'sender', 'kind', 'status', 'urgency', 'critical', 'downgraded',
        'to_json', 'to', 'title', 'body', 'data_json', 'data', 'reply_to', 'created_at', 'hash'].includes(c); });
    var stmt = db.prepare("INSERT INTO messages (".concat(use.map(function (c) { return "\"".concat(c, "\""); }).join(','), ") VALUES (").concat(use.map(function (c) { return '@' + c; }).join(','), ")"));
    return function (row) { return stmt.run(Object.fromEntries(use.map(function (c) { var _a; return [c, (_a = row[c]) !== null && _a !== void 0 ? _a : null]; }))); };
}
/**
 * Append `perChannel` plain fyi rows to each channel (continuing seq and the hash chain),
 * in 2,000-row transactions. Returns the number of rows written.
 */
function appendFiller(dbPath, plan, perChannel) {
    var db = new better_sqlite3_1.default(dbPath);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    var cols = columns(db);
    var insert = insertFor(db, cols);
    var toCol = cols.includes('to_json') ? 'to_json' : 'to';
    var dataCol = cols.includes('data_json') ? 'data_json' : 'data';
    var head = db.prepare('SELECT seq, hash, created_at FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1');
    var written = 0;
    try {
        var _loop_1 = function (channel, senders) {
            var last = head.get(channel);
            var prev = last.hash;
            var seq = last.seq;
            var t0 = last.created_at;
            var _loop_2 = function (start) {
                db.transaction(function () {
                    var _a;
                    for (var i = start; i < Math.min(perChannel, start + 2000); i++) {
                        seq++;
                        var row = (_a = { id: (0, ulid_1.ulid)(), channel: channel, seq: seq, sender: senders[i % senders.length], kind: 'message', status: 'fyi',
                                urgency: 'inbox', critical: 0, downgraded: 0 }, _a[toCol] = '[]', _a.title = i % 10 === 0 ? "status update ".concat(i) : '', _a.body = "filler ".concat(i, ": ").concat('progress note about the build, the tests and the next step. '.repeat(3)), _a[dataCol] = null, _a.reply_to = null, _a.created_at = t0 + (i + 1) / 1000, _a);
                        row.hash = (0, protocol_1.ledgerHash)(prev, payloadOf(row));
                        prev = row.hash;
                        insert(row);
                        written++;
                    }
                })();
            };
            for (var start = 0; start < perChannel; start += 2000) {
                _loop_2(start);
            }
        };
        for (var _i = 0, plan_1 = plan; _i < plan_1.length; _i++) {
            var _a = plan_1[_i], channel = _a.channel, senders = _a.senders;
            _loop_1(channel, senders);
        }
        db.pragma('wal_checkpoint(TRUNCATE)');
    }
    finally {
        db.close();
    }
    return written;
}
/**
 * The raw bound: the hub's rows of `channel`, re-written into an empty copy of the hub's
 * schema, one IMMEDIATE transaction per row (read head, hash, insert) as a post does.
 * Returns rows/s and how many recomputed hashes equal the hub's (proving the same chain).
 */
function rawBound(hubDbPath, channel, outPath) {
    var src = new better_sqlite3_1.default(hubDbPath, { readonly: true });
    // The table, its indexes, then its full-text index and the triggers that feed it, so a raw insert does the hub's work.
    var ddl = src.prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND tbl_name IN ('messages', 'messages_fts')\n    ORDER BY CASE WHEN name = 'messages' THEN 0 WHEN type = 'index' THEN 1 WHEN type = 'table' THEN 2 ELSE 3 END").all();
    var rows = src.prepare('SELECT * FROM messages WHERE channel = ? ORDER BY seq').all(channel);
    src.close();
    var db = new better_sqlite3_1.default(outPath);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    for (var _i = 0, ddl_1 = ddl; _i < ddl_1.length; _i++) {
        var sql = ddl_1[_i].sql;
        db.exec(sql);
    }
    var insert = insertFor(db, columns(db));
    var head = db.prepare('SELECT seq, hash FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1');
    var sameHash = 0;
    var t0 = process.hrtime.bigint();
    var _loop_3 = function (r) {
        db.transaction(function () {
            var _a, _b;
            var last = head.get(channel);
            var row = __assign(__assign({}, r), { seq: ((_a = last === null || last === void 0 ? void 0 : last.seq) !== null && _a !== void 0 ? _a : 0) + 1 });
            row.hash = (0, protocol_1.ledgerHash)((_b = last === null || last === void 0 ? void 0 : last.hash) !== null && _b !== void 0 ? _b : '', payloadOf(row));
            if (row.hash === r.hash)
                sameHash++;
            insert(row);
        }).immediate();
    };
    for (var _a = 0, rows_1 = rows; _a < rows_1.length; _a++) {
        var r = rows_1[_a];
        _loop_3(r);
    }
    var secs = Number(process.hrtime.bigint() - t0) / 1e9;
    db.close();
    return { rowsPerSec: rows.length / secs, rows: rows.length, sameHash: sameHash };
}
