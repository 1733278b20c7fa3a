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
exports.exportPostgres = exportPostgres;
exports.postgresHubsConnected = postgresHubsConnected;
exports.importPostgres = importPostgres;
// Backup and restore of a PostgreSQL hub, through the same artifact a SQLite hub backs up to: a
// SQLite snapshot file. Export reads every table inside one REPEATABLE READ READ ONLY transaction
// (a consistent point in time while hubs keep writing, the guarantee pg_dump's snapshot gives),
// so the snapshot is verified by the same code (integrity_check + every ledger recomputed) and
// restores into a SQLite file or a PostgreSQL database alike; no pg_dump of the server's major
// version is needed on the operator's machine.
var better_sqlite3_1 = require("better-sqlite3");
var node_fs_1 = require("node:fs");
var pg_1 = require("pg");
var open_js_1 = require("./open.js");
var open_pg_js_1 = require("./open-pg.js");
var pg_storage_js_1 = require("./pg-storage.js");
var target_js_1 = require("./target.js");
/**
 * The hub's tables in a SQLite file at the latest schema, with their columns in order. The full-text
 * index (`messages_fts` and its FTS5 shadow tables) is derived, not data: SQLite's triggers rebuild it as
 * messages are copied in, and PostgreSQL derives its own `search_tsv` column.
 */
function tablesOf(sql) {
    var names = sql.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'knex%' AND name NOT LIKE 'sqlite%'\n    AND name NOT LIKE 'messages_fts%' ORDER BY name").pluck().all();
    return names.map(function (name) { return ({ name: name, columns: sql.prepare("PRAGMA table_info(\"".concat(name, "\")")).all().map(function (c) { return c.name; }) }); });
}
function connect(url, app) {
    return __awaiter(this, void 0, void 0, function () {
        var client, err_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    client = new pg_1.default.Client({ connectionString: url, types: (0, pg_storage_js_1.pgTypes)(pg_1.default.types), application_name: app });
                    _a.label = 1;
                case 1:
                    _a.trys.push([1, 3, , 4]);
                    return [4 /*yield*/, client.connect()];
                case 2:
                    _a.sent();
                    return [3 /*break*/, 4];
                case 3:
                    err_1 = _a.sent();
                    throw new Error("cannot reach PostgreSQL at ".concat((0, target_js_1.redact)(url), ": ").concat(err_1.message));
                case 4: return [2 /*return*/, client];
            }
        });
    });
}
/** Write a new SQLite snapshot `file` of the PostgreSQL hub at `url`; the rows copied. */
function exportPostgres(url, file) {
    return __awaiter(this, void 0, void 0, function () {
        var schema, out, client, rows, there, _a, copy_1, _loop_1, _i, _b, t;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    if ((0, node_fs_1.existsSync)(file))
                        throw new Error("".concat(file, " already exists; choose a new file name"));
                    return [4 /*yield*/, (0, open_js_1.openDb)(file)];
                case 1:
                    schema = _d.sent();
                    return [4 /*yield*/, schema.close()];
                case 2:
                    _d.sent();
                    out = new better_sqlite3_1.default(file);
                    return [4 /*yield*/, connect(url, 'agora-backup')];
                case 3:
                    client = _d.sent();
                    rows = 0;
                    _d.label = 4;
                case 4:
                    _d.trys.push([4, , 12, 14]);
                    return [4 /*yield*/, client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')];
                case 5:
                    _d.sent();
                    _a = Set.bind;
                    return [4 /*yield*/, client.query("SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema()")];
                case 6:
                    there = new (_a.apply(Set, [void 0, (_d.sent()).rows.map(function (r) { return r.t; })]))();
                    if (!there.has('messages'))
                        throw new Error("".concat((0, target_js_1.redact)(url), " holds no agora hub (no messages table); check the URL"));
                    copy_1 = [];
                    _loop_1 = function (t) {
                        var list, res, insert;
                        return __generator(this, function (_e) {
                            switch (_e.label) {
                                case 0:
                                    if (!there.has(t.name))
                                        return [2 /*return*/, "continue"]; // a step this hub has not run yet: the table stays empty
                                    list = t.columns.map(function (c) { return "\"".concat(c, "\""); }).join(', ');
                                    return [4 /*yield*/, client.query({ text: "SELECT ".concat(list, " FROM \"").concat(t.name, "\""), rowMode: 'array' })];
                                case 1:
                                    res = _e.sent();
                                    insert = out.prepare("INSERT INTO \"".concat(t.name, "\" (").concat(list, ") VALUES (").concat(t.columns.map(function () { return '?'; }).join(', '), ")"));
                                    copy_1.push(function () { for (var _i = 0, _a = res.rows; _i < _a.length; _i++) {
                                        var r = _a[_i];
                                        insert.run.apply(insert, r);
                                    } });
                                    rows += (_c = res.rowCount) !== null && _c !== void 0 ? _c : 0;
                                    return [2 /*return*/];
                            }
                        });
                    };
                    _i = 0, _b = tablesOf(out);
                    _d.label = 7;
                case 7:
                    if (!(_i < _b.length)) return [3 /*break*/, 10];
                    t = _b[_i];
                    return [5 /*yield**/, _loop_1(t)];
                case 8:
                    _d.sent();
                    _d.label = 9;
                case 9:
                    _i++;
                    return [3 /*break*/, 7];
                case 10: return [4 /*yield*/, client.query('COMMIT')];
                case 11:
                    _d.sent();
                    out.transaction(function () { for (var _i = 0, copy_2 = copy_1; _i < copy_2.length; _i++) {
                        var fn = copy_2[_i];
                        fn();
                    } })();
                    return [3 /*break*/, 14];
                case 12: return [4 /*yield*/, client.end().catch(function () { return undefined; })];
                case 13:
                    _d.sent();
                    out.close();
                    return [7 /*endfinally*/];
                case 14: return [2 /*return*/, { rows: rows }];
            }
        });
    });
}
/** Hub processes connected to the database at `url` now (they name themselves 'agora-hub'). */
function postgresHubsConnected(url) {
    return __awaiter(this, void 0, void 0, function () {
        var client, r;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, connect(url, 'agora-restore')];
                case 1:
                    client = _a.sent();
                    _a.label = 2;
                case 2:
                    _a.trys.push([2, , 4, 6]);
                    return [4 /*yield*/, client.query("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'agora-hub'")];
                case 3:
                    r = _a.sent();
                    return [2 /*return*/, r.rows[0].n];
                case 4: return [4 /*yield*/, client.end().catch(function () { return undefined; })];
                case 5:
                    _a.sent();
                    return [7 /*endfinally*/];
                case 6: return [2 /*return*/];
            }
        });
    });
}
/**
 * Install a verified SQLite snapshot into the PostgreSQL database at `url`. A database that
 * already holds a hub is kept: its schema is renamed to `aside` (needs `replace`), never dropped.
 */
function importPostgres(file, url, opts) {
    return __awaiter(this, void 0, void 0, function () {
        var src, client, preserved, existing, target, rows;
        var _this = this;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    src = new better_sqlite3_1.default(file, { readonly: true, fileMustExist: true });
                    return [4 /*yield*/, connect(url, 'agora-restore')];
                case 1:
                    client = _b.sent();
                    preserved = null;
                    _b.label = 2;
                case 2:
                    _b.trys.push([2, , 7, 9]);
                    return [4 /*yield*/, client.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'messages'")];
                case 3:
                    existing = (_a = (_b.sent()).rowCount) !== null && _a !== void 0 ? _a : 0;
                    if (!(existing > 0)) return [3 /*break*/, 6];
                    if (!opts.replace)
                        throw new Error("".concat((0, target_js_1.redact)(url), " already holds a hub; re-run with --yes to replace it (its tables are moved to schema ").concat(opts.aside, ", never dropped)"));
                    return [4 /*yield*/, client.query("ALTER SCHEMA public RENAME TO ".concat(opts.aside))];
                case 4:
                    _b.sent();
                    return [4 /*yield*/, client.query('CREATE SCHEMA public')];
                case 5:
                    _b.sent();
                    preserved = opts.aside;
                    _b.label = 6;
                case 6: return [3 /*break*/, 9];
                case 7: return [4 /*yield*/, client.end().catch(function () { return undefined; })];
                case 8:
                    _b.sent();
                    return [7 /*endfinally*/];
                case 9: return [4 /*yield*/, (0, open_pg_js_1.openPostgres)(url)];
                case 10:
                    target = _b.sent();
                    rows = 0;
                    _b.label = 11;
                case 11:
                    _b.trys.push([11, , 13, 15]);
                    return [4 /*yield*/, target.knex.transaction(function (trx) { return __awaiter(_this, void 0, void 0, function () {
                            var _loop_2, _i, _a, t, _b, _c, t;
                            return __generator(this, function (_d) {
                                switch (_d.label) {
                                    case 0:
                                        _loop_2 = function (t) {
                                            var list, all, i, chunk;
                                            return __generator(this, function (_e) {
                                                switch (_e.label) {
                                                    case 0:
                                                        list = t.columns.map(function (c) { return "\"".concat(c, "\""); }).join(', ');
                                                        all = src.prepare("SELECT ".concat(list, " FROM \"").concat(t.name, "\"")).raw(true).all();
                                                        i = 0;
                                                        _e.label = 1;
                                                    case 1:
                                                        if (!(i < all.length)) return [3 /*break*/, 4];
                                                        chunk = all.slice(i, i + 500);
                                                        return [4 /*yield*/, trx.raw("INSERT INTO \"".concat(t.name, "\" (").concat(list, ") VALUES ").concat(chunk.map(function () { return "(".concat(t.columns.map(function () { return '?'; }).join(', '), ")"); }).join(', ')), chunk.flat())];
                                                    case 2:
                                                        _e.sent();
                                                        _e.label = 3;
                                                    case 3:
                                                        i += 500;
                                                        return [3 /*break*/, 1];
                                                    case 4:
                                                        rows += all.length;
                                                        return [2 /*return*/];
                                                }
                                            });
                                        };
                                        _i = 0, _a = tablesOf(src);
                                        _d.label = 1;
                                    case 1:
                                        if (!(_i < _a.length)) return [3 /*break*/, 4];
                                        t = _a[_i];
                                        return [5 /*yield**/, _loop_2(t)];
                                    case 2:
                                        _d.sent();
                                        _d.label = 3;
                                    case 3:
                                        _i++;
                                        return [3 /*break*/, 1];
                                    case 4:
                                        _b = 0, _c = ['hub_pauses', 'blocks'];
                                        _d.label = 5;
                                    case 5:
                                        if (!(_b < _c.length)) return [3 /*break*/, 8];
                                        t = _c[_b];
                                        return [4 /*yield*/, trx.raw("SELECT setval(pg_get_serial_sequence('".concat(t, "', 'id'), COALESCE((SELECT MAX(id) FROM ").concat(t, "), 0) + 1, false)"))];
                                    case 6:
                                        _d.sent();
                                        _d.label = 7;
                                    case 7:
                                        _b++;
                                        return [3 /*break*/, 5];
                                    case 8: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 12:
                    _b.sent();
                    return [3 /*break*/, 15];
                case 13:
                    src.close();
                    return [4 /*yield*/, target.close()];
                case 14:
                    _b.sent();
                    return [7 /*endfinally*/];
                case 15: return [2 /*return*/, { rows: rows, preserved: preserved }];
            }
        });
    });
}
