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
exports.SUPPORTED_CLIENTS = void 0;
exports.openDb = openDb;
var better_sqlite3_1 = require("better-sqlite3");
var node_fs_1 = require("node:fs");
var node_path_1 = require("node:path");
var migrations_js_1 = require("./migrations.js");
/** 'better-sqlite3' for a file path or ':memory:', 'pg' for a postgres:// URL (open-pg.ts). */
exports.SUPPORTED_CLIENTS = ['better-sqlite3', 'pg'];
/**
 * knex owns configuration, schema and migrations; the hot paths run prepared statements on
 * the very same better-sqlite3 connection (pool of one), so `:memory:` works and writes never
 * interleave.
 */
function openDb(filename_1) {
    return __awaiter(this, arguments, void 0, function (filename, client) {
        var current, knexFactory, knex, held, sql, err_1;
        if (client === void 0) { client = 'better-sqlite3'; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (client !== 'better-sqlite3') {
                        throw new Error("database client '".concat(client, "' does not open a SQLite file; the hub runs on SQLite through 'better-sqlite3' or on PostgreSQL through 'pg' with db: postgres://user@host:5432/agora"));
                    }
                    if (filename !== ':memory:')
                        (0, node_fs_1.mkdirSync)((0, node_path_1.dirname)(filename), { recursive: true });
                    current = filename !== ':memory:' && (0, node_fs_1.existsSync)(filename) ? openCurrent(filename) : null;
                    if (current)
                        return [2 /*return*/, { sql: current, close: function () {
                                    return __awaiter(this, void 0, void 0, function () { return __generator(this, function (_a) {
                                        current.close();
                                        return [2 /*return*/];
                                    }); });
                                } }
                            // knex (~10 MB of modules) is loaded only when there is a schema step to run.
                        ];
                    return [4 /*yield*/, Promise.resolve().then(function () { return require('knex'); })];
                case 1:
                    knexFactory = (_a.sent()).default;
                    knex = knexFactory({
                        client: client,
                        connection: { filename: filename },
                        useNullAsDefault: true,
                        pool: { min: 1, max: 1 },
                    });
                    _a.label = 2;
                case 2:
                    _a.trys.push([2, 7, , 9]);
                    return [4 /*yield*/, knex.client.acquireConnection()];
                case 3:
                    sql = (_a.sent());
                    tune(sql);
                    return [4 /*yield*/, knex.client.releaseConnection(sql)];
                case 4:
                    _a.sent();
                    return [4 /*yield*/, knex.migrate.latest({ migrationSource: new migrations_js_1.CodeMigrationSource(), tableName: 'knex_migrations' })];
                case 5:
                    _a.sent();
                    return [4 /*yield*/, knex.client.acquireConnection()];
                case 6:
                    held = (_a.sent());
                    return [3 /*break*/, 9];
                case 7:
                    err_1 = _a.sent();
                    // A refused migration must not leave knex's pool (its timers and the open file) behind.
                    return [4 /*yield*/, knex.destroy()];
                case 8:
                    // A refused migration must not leave knex's pool (its timers and the open file) behind.
                    _a.sent();
                    throw err_1;
                case 9: return [2 /*return*/, {
                        knex: knex,
                        sql: held,
                        close: function () {
                            return __awaiter(this, void 0, void 0, function () {
                                return __generator(this, function (_a) {
                                    switch (_a.label) {
                                        case 0: return [4 /*yield*/, knex.client.releaseConnection(held)];
                                        case 1:
                                            _a.sent();
                                            return [4 /*yield*/, knex.destroy()];
                                        case 2:
                                            _a.sent();
                                            return [2 /*return*/];
                                    }
                                });
                            });
                        },
                    }];
            }
        });
    });
}
function tune(sql) {
    sql.pragma('journal_mode = WAL');
    sql.pragma('synchronous = NORMAL');
    sql.pragma('busy_timeout = 5000');
    sql.pragma('foreign_keys = OFF');
}
/** The file opened directly when knex has already applied every step (and no unknown one); else null. */
function openCurrent(filename) {
    var sql = new better_sqlite3_1.default(filename);
    try {
        var done_1 = sql.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'knex_migrations'").get()
            ? sql.prepare('SELECT name FROM knex_migrations').all().map(function (r) { return r.name; }) : [];
        if (done_1.length === migrations_js_1.STEP_NAMES.length && migrations_js_1.STEP_NAMES.every(function (n) { return done_1.includes(n); })) {
            tune(sql);
            return sql;
        }
    }
    catch ( /* an unreadable schema goes through knex, which reports it */_a) { /* an unreadable schema goes through knex, which reports it */ }
    sql.close();
    return null;
}
