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
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.PgStorage = exports.WRITE_LOCK = void 0;
exports.dollarPlaceholders = dollarPlaceholders;
exports.pgTypes = pgTypes;
var node_async_hooks_1 = require("node:async_hooks");
var sqlite_storage_js_1 = require("./sqlite-storage.js");
/**
 * Every write transaction takes this transaction-scoped advisory lock first, on every hub
 * process sharing the database: the services were written against SQLite's one writer at a
 * time (BEGIN IMMEDIATE), and this gives PostgreSQL the same guarantee across processes, so a
 * read-then-write inside a transaction (seq, ledger chain, budgets, uniqueness checks) never
 * interleaves with another. Reads outside transactions run concurrently on the pool.
 */
exports.WRITE_LOCK = 0x61676f7261; // 'agora'
/**
 * The PostgreSQL adapter: knex owns the configuration, the pool and the migrations; queries run
 * on the pooled `pg` clients directly, with the port's `?` placeholders rewritten to `$n` once
 * per SQL text (knex.raw re-parses bindings on every call, which costs on the hot paths).
 * A transaction holds one pooled client, found by its callees through AsyncLocalStorage.
 */
var PgStorage = /** @class */ (function () {
    function PgStorage(knex, onRollback) {
        if (onRollback === void 0) { onRollback = function () { }; }
        this.knex = knex;
        this.onRollback = onRollback;
        this.dialect = 'postgres';
        this.frames = new node_async_hooks_1.AsyncLocalStorage();
    }
    PgStorage.prototype.get = function (text) {
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.query(text, params, false)];
                    case 1: return [2 /*return*/, (_a.sent()).rows[0]];
                }
            });
        });
    };
    PgStorage.prototype.all = function (text) {
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.query(text, params, false)];
                    case 1: return [2 /*return*/, (_a.sent()).rows];
                }
            });
        });
    };
    PgStorage.prototype.rows = function (text) {
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.query(text, params, true)];
                    case 1: return [2 /*return*/, (_a.sent()).rows];
                }
            });
        });
    };
    PgStorage.prototype.run = function (text) {
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return __awaiter(this, void 0, void 0, function () {
            var _a;
            var _this = this;
            var _b;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0:
                        // A lone write takes the write lock too, so it never lands between another transaction's read and write.
                        if (!this.frames.getStore())
                            return [2 /*return*/, this.tx(function () { return _this.run.apply(_this, __spreadArray([text], params, false)); })];
                        _a = {};
                        return [4 /*yield*/, this.query(text, params, false)];
                    case 1: return [2 /*return*/, (_a.changes = (_b = (_c.sent()).rowCount) !== null && _b !== void 0 ? _b : 0, _a)];
                }
            });
        });
    };
    PgStorage.prototype.inTx = function () {
        return this.frames.getStore() !== undefined;
    };
    PgStorage.prototype.tx = function (fn) {
        return __awaiter(this, void 0, void 0, function () {
            var client, frame, broken, result, err_1;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        if (this.frames.getStore())
                            return [2 /*return*/, fn()];
                        return [4 /*yield*/, this.acquire()];
                    case 1:
                        client = _a.sent();
                        frame = { client: client, deferred: [] };
                        _a.label = 2;
                    case 2:
                        _a.trys.push([2, , 11, 13]);
                        // One round trip: BEGIN and the write lock go as one simple-protocol query.
                        return [4 /*yield*/, client.query("BEGIN; SELECT pg_advisory_xact_lock(".concat(exports.WRITE_LOCK, ")"))];
                    case 3:
                        // One round trip: BEGIN and the write lock go as one simple-protocol query.
                        _a.sent();
                        result = void 0;
                        _a.label = 4;
                    case 4:
                        _a.trys.push([4, 7, , 10]);
                        return [4 /*yield*/, this.frames.run(frame, fn)];
                    case 5:
                        result = _a.sent();
                        return [4 /*yield*/, client.query('COMMIT')];
                    case 6:
                        _a.sent();
                        return [3 /*break*/, 10];
                    case 7:
                        err_1 = _a.sent();
                        return [4 /*yield*/, client.query('ROLLBACK').catch(function (e) { broken = e; })];
                    case 8:
                        _a.sent();
                        return [4 /*yield*/, Promise.resolve(this.onRollback()).catch(function (e) { return process.stderr.write("agora hub: reloading after a rollback failed: ".concat(e.message, "\n")); })];
                    case 9:
                        _a.sent();
                        throw err_1;
                    case 10:
                        (0, sqlite_storage_js_1.flush)(frame.deferred);
                        return [2 /*return*/, result];
                    case 11: return [4 /*yield*/, this.release(client, broken)];
                    case 12:
                        _a.sent();
                        return [7 /*endfinally*/];
                    case 13: return [2 /*return*/];
                }
            });
        });
    };
    PgStorage.prototype.defer = function (fn) {
        var frame = this.frames.getStore();
        if (frame)
            frame.deferred.push(fn);
        else
            fn();
    };
    PgStorage.prototype.query = function (text, params, array) {
        return __awaiter(this, void 0, void 0, function () {
            var config, frame, client, broken, err_2;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        config = __assign({ text: dollarPlaceholders(text), values: params.map(function (p) { return p === undefined ? null : p; }) }, (array ? { rowMode: 'array' } : {}));
                        frame = this.frames.getStore();
                        if (frame)
                            return [2 /*return*/, frame.client.query(config)];
                        return [4 /*yield*/, this.acquire()];
                    case 1:
                        client = _a.sent();
                        _a.label = 2;
                    case 2:
                        _a.trys.push([2, 4, 5, 7]);
                        return [4 /*yield*/, client.query(config)];
                    case 3: return [2 /*return*/, _a.sent()];
                    case 4:
                        err_2 = _a.sent();
                        if (!err_2.code)
                            broken = err_2; // no SQLSTATE: the connection itself failed
                        throw err_2;
                    case 5: return [4 /*yield*/, this.release(client, broken)];
                    case 6:
                        _a.sent();
                        return [7 /*endfinally*/];
                    case 7: return [2 /*return*/];
                }
            });
        });
    };
    PgStorage.prototype.acquire = function () {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.knex.client.acquireConnection()];
                    case 1: return [2 /*return*/, (_a.sent())];
                }
            });
        });
    };
    PgStorage.prototype.release = function (client, broken) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        // A connection that failed mid-conversation is not handed to the next caller.
                        if (broken)
                            client.__knex__disposed = broken;
                        return [4 /*yield*/, this.knex.client.releaseConnection(client)];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    return PgStorage;
}());
exports.PgStorage = PgStorage;
var rewritten = new Map();
/** `?` → `$1, $2, …`, skipping quoted strings and identifiers; cached per SQL text. */
function dollarPlaceholders(text) {
    var out = rewritten.get(text);
    if (out !== undefined)
        return out;
    out = '';
    var n = 0;
    var quote = null;
    for (var _i = 0, text_1 = text; _i < text_1.length; _i++) {
        var ch = text_1[_i];
        if (quote) {
            if (ch === quote)
                quote = null;
        }
        else if (ch === "'" || ch === '"') {
            quote = ch;
        }
        else if (ch === '?') {
            out += "$".concat(++n);
            continue;
        }
        out += ch;
    }
    if (rewritten.size < 10000)
        rewritten.set(text, out);
    return out;
}
/**
 * Results read as SQLite gives them: BIGINT and NUMERIC (COUNT, SUM) as JS numbers, booleans
 * (from comparisons) as 1/0, so services written once read the same values on both dialects.
 */
function pgTypes(builtin) {
    return {
        getTypeParser: (function (oid, format) {
            if (format === 'binary')
                return builtin.getTypeParser(oid, format);
            if (oid === 20 || oid === 1700)
                return function (v) { return Number(v); };
            if (oid === 16)
                return function (v) { return (v === 't' ? 1 : 0); };
            return builtin.getTypeParser(oid, format !== null && format !== void 0 ? format : 'text');
        }),
    };
}
