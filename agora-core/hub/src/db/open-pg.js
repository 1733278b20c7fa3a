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
exports.PG_POOL_MAX = void 0;
exports.openPostgres = openPostgres;
var pg_1 = require("pg");
var migrations_js_1 = require("./migrations.js");
var dialect_sql_js_1 = require("./dialect-sql.js");
var pg_storage_js_1 = require("./pg-storage.js");
var target_js_1 = require("./target.js");
var node_crypto_1 = require("node:crypto");
var triggers_js_1 = require("../cluster/triggers.js");
/** The advisory lock key every hub process takes while migrating (an arbitrary constant: 'agoramig'). */
var MIGRATION_LOCK = 0x61676f72616d6967n.toString();
/** Pool size per hub process: enough for concurrent reads while one transaction waits on the write lock. */
exports.PG_POOL_MAX = 10;
/** Connect through knex (pg driver), run every migration step (translated for PostgreSQL), hand back the pool. */
function openPostgres(url) {
    return __awaiter(this, void 0, void 0, function () {
        var types, origin, knexFactory, knex, gate, err_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    types = (0, pg_storage_js_1.pgTypes)(pg_1.default.types);
                    origin = (0, node_crypto_1.randomUUID)();
                    return [4 /*yield*/, Promise.resolve().then(function () { return require('knex'); })];
                case 1:
                    knexFactory = (_a.sent()).default;
                    knex = knexFactory({
                        client: 'pg',
                        connection: { connectionString: url, types: types, application_name: 'agora-hub' },
                        pool: {
                            min: 1, max: exports.PG_POOL_MAX,
                            afterCreate: function (conn, done) {
                                conn.query("SELECT set_config('agora.origin', $1, false)", [origin]).then(function () { return done(null, conn); }, function (err) { return done(err, conn); });
                            },
                        },
                        acquireConnectionTimeout: 30000,
                    });
                    _a.label = 2;
                case 2:
                    _a.trys.push([2, 11, , 13]);
                    gate = new pg_1.default.Client({ connectionString: url, types: types, application_name: 'agora-hub-migrate' });
                    return [4 /*yield*/, gate.connect()];
                case 3:
                    _a.sent();
                    _a.label = 4;
                case 4:
                    _a.trys.push([4, , 8, 10]);
                    return [4 /*yield*/, gate.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])];
                case 5:
                    _a.sent();
                    return [4 /*yield*/, knex.migrate.latest({ migrationSource: new migrations_js_1.CodeMigrationSource(dialect_sql_js_1.schemaForPostgres), tableName: 'knex_migrations' })];
                case 6:
                    _a.sent();
                    return [4 /*yield*/, (0, triggers_js_1.installTriggers)(knex)];
                case 7:
                    _a.sent();
                    return [3 /*break*/, 10];
                case 8: return [4 /*yield*/, gate.end()];
                case 9:
                    _a.sent();
                    return [7 /*endfinally*/];
                case 10: return [3 /*break*/, 13];
                case 11:
                    err_1 = _a.sent();
                    return [4 /*yield*/, knex.destroy()];
                case 12:
                    _a.sent();
                    throw new Error("PostgreSQL at ".concat((0, target_js_1.redact)(url), ": ").concat(err_1.message));
                case 13: return [2 /*return*/, {
                        knex: knex,
                        url: url,
                        origin: origin,
                        storage: function (onRollback) { return new pg_storage_js_1.PgStorage(knex, onRollback); },
                        dedicated: function () {
                            return __awaiter(this, void 0, void 0, function () {
                                var client;
                                return __generator(this, function (_a) {
                                    switch (_a.label) {
                                        case 0:
                                            client = new pg_1.default.Client({ connectionString: url, types: types, application_name: 'agora-hub' });
                                            return [4 /*yield*/, client.connect()];
                                        case 1:
                                            _a.sent();
                                            return [2 /*return*/, client];
                                    }
                                });
                            });
                        },
                        close: function () { return knex.destroy(); },
                    }];
            }
        });
    });
}
