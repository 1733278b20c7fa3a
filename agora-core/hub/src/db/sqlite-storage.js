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
exports.SqliteStorage = void 0;
exports.flush = flush;
exports.sqliteStorage = sqliteStorage;
var node_async_hooks_1 = require("node:async_hooks");
var statements_js_1 = require("./statements.js");
/**
 * The SQLite adapter: better-sqlite3 is synchronous, so each call resolves at once. A
 * transaction holds the one connection across its awaits; a query from outside it waits for
 * the commit, so another request's write never lands inside (or is rolled back with) it.
 */
var SqliteStorage = /** @class */ (function () {
    /**
     * `onRollback` reloads in-memory mirrors after a failed transaction. It runs before the
     * connection is released (its own reads go straight through), so no other request sees a
     * mirror holding a rolled-back write.
     */
    function SqliteStorage(q, onRollback) {
        if (onRollback === void 0) { onRollback = function () { }; }
        this.q = q;
        this.onRollback = onRollback;
        this.dialect = 'sqlite';
        this.frames = new node_async_hooks_1.AsyncLocalStorage();
        this.held = null;
    }
    SqliteStorage.prototype.get = function (text) {
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return __awaiter(this, void 0, void 0, function () {
            var _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        if (!(this.held && !this.frames.getStore())) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.idle()];
                    case 1:
                        _b.sent();
                        _b.label = 2;
                    case 2: return [2 /*return*/, (_a = this.q).get.apply(_a, __spreadArray([text], params, false))];
                }
            });
        });
    };
    SqliteStorage.prototype.all = function (text) {
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return __awaiter(this, void 0, void 0, function () {
            var _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        if (!(this.held && !this.frames.getStore())) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.idle()];
                    case 1:
                        _b.sent();
                        _b.label = 2;
                    case 2: return [2 /*return*/, (_a = this.q).all.apply(_a, __spreadArray([text], params, false))];
                }
            });
        });
    };
    SqliteStorage.prototype.rows = function (text) {
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return __awaiter(this, void 0, void 0, function () {
            var _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        if (!(this.held && !this.frames.getStore())) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.idle()];
                    case 1:
                        _b.sent();
                        _b.label = 2;
                    case 2: return [2 /*return*/, (_a = this.q).rawAll.apply(_a, __spreadArray([text], params, false))];
                }
            });
        });
    };
    SqliteStorage.prototype.run = function (text) {
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return __awaiter(this, void 0, void 0, function () {
            var _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        if (!(this.held && !this.frames.getStore())) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.idle()];
                    case 1:
                        _b.sent();
                        _b.label = 2;
                    case 2: return [2 /*return*/, { changes: (_a = this.q).run.apply(_a, __spreadArray([text], params, false)).changes }];
                }
            });
        });
    };
    SqliteStorage.prototype.inTx = function () {
        return this.frames.getStore() !== undefined;
    };
    SqliteStorage.prototype.tx = function (fn) {
        return __awaiter(this, void 0, void 0, function () {
            var release, frame, sql, result, err_1;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        if (this.frames.getStore())
                            return [2 /*return*/, fn()
                                // Check and take in one synchronous step: awaiting a helper here would let two waiters both see it free.
                            ];
                        _a.label = 1;
                    case 1:
                        if (!this.held) return [3 /*break*/, 3];
                        return [4 /*yield*/, this.held];
                    case 2:
                        _a.sent();
                        return [3 /*break*/, 1];
                    case 3:
                        this.held = new Promise(function (resolve) { release = resolve; });
                        frame = { deferred: [] };
                        sql = this.q.sql;
                        _a.label = 4;
                    case 4:
                        _a.trys.push([4, , 10, 11]);
                        sql.exec('BEGIN IMMEDIATE');
                        result = void 0;
                        _a.label = 5;
                    case 5:
                        _a.trys.push([5, 7, , 9]);
                        return [4 /*yield*/, this.frames.run(frame, fn)];
                    case 6:
                        result = _a.sent();
                        sql.exec('COMMIT');
                        return [3 /*break*/, 9];
                    case 7:
                        err_1 = _a.sent();
                        if (sql.inTransaction)
                            sql.exec('ROLLBACK');
                        return [4 /*yield*/, this.frames.run({ deferred: [] }, this.onRollback)];
                    case 8:
                        _a.sent();
                        throw err_1;
                    case 9:
                        flush(frame.deferred);
                        return [2 /*return*/, result];
                    case 10:
                        this.held = null;
                        release();
                        return [7 /*endfinally*/];
                    case 11: return [2 /*return*/];
                }
            });
        });
    };
    SqliteStorage.prototype.defer = function (fn) {
        var frame = this.frames.getStore();
        if (frame)
            frame.deferred.push(fn);
        else
            fn();
    };
    /** Resolve when no transaction holds the connection (loops: a waiter may lose the race to another). */
    SqliteStorage.prototype.idle = function () {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        if (!this.held) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.held];
                    case 1:
                        _a.sent();
                        return [3 /*break*/, 0];
                    case 2: return [2 /*return*/];
                }
            });
        });
    };
    return SqliteStorage;
}());
exports.SqliteStorage = SqliteStorage;
/** Post-commit work runs in a microtask: the caller's response is written first. */
function flush(list) {
    if (list.length === 0)
        return;
    queueMicrotask(function () {
        for (var _i = 0, list_1 = list; _i < list_1.length; _i++) {
            var fn = list_1[_i];
            try {
                fn();
            }
            catch (err) {
                process.stderr.write("agora hub: a post-commit wake-up failed: ".concat(err.message, "\n"));
            }
        }
    });
}
/** The adapter factory `createCtx` takes, over one open better-sqlite3 connection. */
function sqliteStorage(sql) {
    return function (onRollback) { return new SqliteStorage(new statements_js_1.Statements(sql), onRollback); };
}
